-- The import counts each document's unmatched rows right after storing them: without this index
-- that count read every observation of the store once per document.
CREATE INDEX observations_by_document ON observations(document_id);
