/**
 * A Subject header for any text: RFC 2047 encoded words (UTF-8, Q), each short enough that the
 * header folds into lines under RFC 5322's 78 characters. worker-mailer writes a subject as one
 * encoded word, which a long product and market name makes several times the 75 characters an
 * encoded word may have. Adjacent encoded words are read as one text, the folds not included.
 */
const encoder = new TextEncoder();

/** Encoded characters per word: `=?UTF-8?Q?` and `?=` around them stay within 66, `Subject: ` included. */
const WORD_TEXT = 54;
/** Characters a Q-encoded word may carry as they are, in every place one may stand. */
const PLAIN = /^[A-Za-z0-9!*+\-/]$/;

function encodeChar(char: string): string {
  if (char === ' ') return '_';
  if (PLAIN.test(char)) return char;
  return [...encoder.encode(char)].map((b) => `=${b.toString(16).toUpperCase().padStart(2, '0')}`).join('');
}

export function subjectHeader(subject: string): string {
  const words: string[] = [];
  let word = '';
  for (const char of subject) {
    const encoded = encodeChar(char);
    if (word.length + encoded.length > WORD_TEXT) {
      words.push(word);
      word = '';
    }
    word += encoded;
  }
  words.push(word);
  return words.map((w) => `=?UTF-8?Q?${w}?=`).join('\r\n ');
}
