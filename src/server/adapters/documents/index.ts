export { extractDocumentText, decodeText, MAX_DOCUMENT_BYTES, type DocumentInput, type ExtractedText } from './extract-text';
export { htmlToText, decodeEntities } from './html-to-text';
