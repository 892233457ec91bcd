import { simpleParser } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { subjectHeader } from './subject.ts';

const read = async (subject: string) => (await simpleParser(`Subject: ${subjectHeader(subject)}\r\n\r\nx\r\n`)).subject;

describe('subjectHeader', () => {
  it.each([
    'Fiyat alarmı: Domates (Salkım) 41,30 TL/kg',
    'a_b=c?d  two spaces, İĞÜŞÖÇ ığüşöç ₺ 🍅',
    `Fiyat alarmı: ${'Çarliston biber '.repeat(20)}(Antalya Sebze ve Meyve Toptancı Hali) 1.312,50 TL/kg`,
  ])('reads back as it was written, in lines of at most 78 characters: %s', async (subject) => {
    expect(await read(subject)).toBe(subject);
    for (const line of `Subject: ${subjectHeader(subject)}`.split('\r\n')) expect(line.length).toBeLessThanOrEqual(78);
  });
});
