export { extractDocumentText, MAX_DOCUMENT_BYTES, type DocumentInput, type ExtractedText } from './extract-text';
export { htmlToText } from './html-to-text';
export { DOCUMENT_LIMITS } from './document-limits';
