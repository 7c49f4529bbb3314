import { Tokenizer } from 'htmlparser2';

/**
 * Open-tag, close-tag and text events from HTML or XML, in time that grows with the length of the
 * input and nothing else. It drives htmlparser2's tokenizer directly instead of its Parser: the
 * Parser keeps the open elements in an array it shifts and searches on every tag, which is
 * quadratic in nesting depth (200,000 nested <div>s took minutes). Readers of text need no tree:
 * there are no implied end tags here, and a self-closing tag is opened and closed at once.
 */

export type MarkupEvents = {
  onopen?(name: string, attributes: Readonly<Record<string, string>>): void;
  onclose?(name: string): void;
  ontext?(text: string): void;
};

/** HTML elements that never have content or an end tag. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);

export class MarkupScanner {
  private readonly tokenizer: Tokenizer;
  private readonly isXml: boolean;
  /** Chunks still needed to slice the current token (indices are offsets into all input so far). */
  private readonly buffers: string[] = [];
  private bufferOffset = 0;
  private tagName = '';
  private attributes: Record<string, string> = {};
  private attributeName = '';
  private attributeValue = '';
  private isAttributeWanted = false;
  private readonly wantsAttribute: (name: string) => boolean;
  private hasStopped = false;

  /**
   * `wantsAttribute` names the attributes worth keeping; the values of others (say, a data: URL of
   * a pasted image) are skipped without being copied.
   */
  constructor(
    private readonly events: MarkupEvents,
    options: { xmlMode: boolean; wantsAttribute?: (name: string) => boolean },
  ) {
    this.isXml = options.xmlMode;
    this.wantsAttribute = options.wantsAttribute ?? (() => true);
    this.tokenizer = new Tokenizer(
      { xmlMode: options.xmlMode, decodeEntities: true },
      {
        ontext: (start, end) => this.emitText(this.slice(start, end)),
        ontextentity: (codePoint) => this.emitText(String.fromCodePoint(codePoint)),
        onopentagname: (start, end) => this.openTag(this.slice(start, end)),
        onattribname: (start, end) => {
          const name = this.slice(start, end);
          this.attributeName = this.isXml ? name : name.toLowerCase();
          this.attributeValue = '';
          this.isAttributeWanted = this.wantsAttribute(this.attributeName);
        },
        onattribdata: (start, end) => {
          if (this.isAttributeWanted) this.attributeValue += this.slice(start, end);
        },
        onattribentity: (codePoint) => {
          if (this.isAttributeWanted) this.attributeValue += String.fromCodePoint(codePoint);
        },
        onattribend: () => {
          if (this.isAttributeWanted && !Object.hasOwn(this.attributes, this.attributeName)) {
            this.attributes[this.attributeName] = this.attributeValue;
          }
          this.attributeValue = '';
          this.isAttributeWanted = false;
        },
        onopentagend: () => this.endOpenTag(false),
        onselfclosingtag: () => this.endOpenTag(true),
        onclosetag: (start, end) => this.closeTag(this.slice(start, end)),
        oncdata: (start, end, offset) => {
          if (this.isXml) this.emitText(this.slice(start, end - offset));
        },
        oncomment: () => undefined,
        ondeclaration: () => undefined,
        onprocessinginstruction: () => undefined,
        onend: () => undefined,
      },
    );
  }

  write(chunk: string): void {
    if (this.hasStopped) return;
    this.buffers.push(chunk);
    this.tokenizer.write(chunk);
  }

  end(): void {
    if (!this.hasStopped) this.tokenizer.end();
  }

  /** No more events, even for the rest of the chunk being read. */
  stop(): void {
    this.hasStopped = true;
    this.tokenizer.pause();
  }

  private emitText(text: string) {
    if (!this.hasStopped && text) this.events.ontext?.(text);
  }

  private openTag(name: string) {
    this.tagName = this.isXml ? name : name.toLowerCase();
    this.attributes = {};
  }

  private endOpenTag(isSelfClosing: boolean) {
    if (this.hasStopped) return;
    const name = this.tagName;
    this.events.onopen?.(name, this.attributes);
    if (isSelfClosing || (!this.isXml && VOID_ELEMENTS.has(name))) this.events.onclose?.(name);
  }

  private closeTag(rawName: string) {
    if (this.hasStopped) return;
    const name = this.isXml ? rawName : rawName.toLowerCase();
    if (!this.isXml && VOID_ELEMENTS.has(name)) {
      // </br> is a line break in every browser; other void end tags mean nothing.
      if (name === 'br') {
        this.events.onopen?.('br', {});
        this.events.onclose?.('br');
      }
      return;
    }
    this.events.onclose?.(name);
  }

  /** The input between two offsets, which may span chunks; chunks wholly before `start` are let go. */
  private slice(start: number, end: number): string {
    if (start >= end) return '';
    while (this.buffers.length > 1 && start - this.bufferOffset >= this.buffers[0]!.length) {
      this.bufferOffset += this.buffers[0]!.length;
      this.buffers.shift();
    }
    let index = 0;
    let offset = this.bufferOffset;
    let text = '';
    while (index < this.buffers.length && offset < end) {
      const buffer = this.buffers[index]!;
      const from = Math.max(0, start - offset);
      const to = Math.min(buffer.length, end - offset);
      if (from < to) text += buffer.slice(from, to);
      offset += buffer.length;
      index += 1;
    }
    return text;
  }
}
