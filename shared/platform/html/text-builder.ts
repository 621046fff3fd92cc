// The text layout of html-to-text 10 (BlockTextBuilder, InlineTextBuilder, WhitespaceProcessor), for the
// options plain-text.ts uses: no preserved newlines, no character encoding, long words never split.

const WORD = /[^ \t\r\n\f\u200b]+/g;
const LEADING_SPACE = /^[ \t\r\n\f\u200b]/;
const TRAILING_SPACE = /[ \t\r\n\f\u200b]$/;
const ONLY_SPACE = /^[ \t\r\n\f\u200b]*$/;

/** Words into lines of at most `max` characters (a longer word stands alone on its line). */
class Lines {
  lines: string[][] = [];
  words: string[] = [];
  available: number;
  stashedSpace = false;
  breakOpportunity = false;
  constructor(readonly max: number) {
    this.available = max;
  }
  push(word: string) {
    if (this.available <= 0) this.newLine();
    const lineStart = this.words.length === 0;
    const cost = word.length + (lineStart ? 0 : 1);
    if (cost > this.available && !lineStart) this.newLine();
    this.available -= word.length + (this.words.length ? 1 : 0);
    this.words.push(word);
  }
  concat(word: string) {
    if (this.breakOpportunity && word.length > this.available) {
      this.push(word);
      this.breakOpportunity = false;
      return;
    }
    const last = this.words.pop();
    if (last !== undefined) this.available += last.length + (this.words.length ? 1 : 0);
    this.push(last ? last + word : word);
  }
  newLine(n = 1) {
    this.lines.push(this.words);
    for (let k = 1; k < n; k++) this.lines.push([]);
    this.words = [];
    this.available = this.max;
  }
  isEmpty() {
    return this.lines.length === 0 && this.words.length === 0;
  }
  clear() {
    this.lines.length = 0;
    this.words = [];
    this.available = this.max;
  }
  toString() {
    return [...this.lines, this.words].map((words) => words.join(' ')).join('\n');
  }
}

/** A block, list or list item being built: its finished text (`raw`) and the line being filled. */
export class Block {
  raw = '';
  stashedBreaks = 0;
  readonly lines: Lines;
  readonly pre: boolean;
  constructor(
    readonly next: Block | null,
    public leadingBreaks: number,
    max: number,
    pre = false,
    /** A list: its items' line breaks and widest prefix; a list item: its prefix. */
    readonly list?: { maxPrefix: number } | { prefix: string },
  ) {
    this.lines = new Lines(max);
    this.pre = pre || (next?.pre ?? false);
  }
  text() {
    return this.lines.isEmpty() ? this.raw : this.raw + this.lines.toString();
  }
  /** A finished child's text, after the larger of the stashed and the requested line breaks. */
  addText(text: string, leading: number, trailing: number) {
    const parent = this.text();
    const breaks = Math.max(this.stashedBreaks, leading);
    this.lines.clear();
    if (parent) this.raw = parent + '\n'.repeat(breaks) + text;
    else {
      this.raw = text;
      this.leadingBreaks = breaks;
    }
    this.stashedBreaks = trailing;
  }
}

export class TextBuilder {
  block: Block;
  private transforms: ((word: string) => string)[] = [];
  constructor(wordwrap: number) {
    this.block = new Block(null, 1, wordwrap);
  }
  pushTransform(transform: (word: string) => string) {
    this.transforms.push(transform);
  }
  popTransform() {
    this.transforms.pop();
  }
  lineBreak() {
    if (this.block.pre) this.block.raw += '\n';
    else this.block.lines.newLine();
  }
  breakOpportunity() {
    this.block.lines.breakOpportunity = true;
  }
  /** Inline text: whitespace collapses to single spaces between words; word transforms apply, innermost first. */
  addInline(str: string, transform = true) {
    const b = this.block;
    if (b.pre) {
      b.raw += str;
      return;
    }
    if (!str.length || (b.stashedBreaks && ONLY_SPACE.test(str))) return;
    if (b.stashedBreaks) b.lines.newLine(b.stashedBreaks);
    const transforms = transform ? this.transforms : [];
    const apply = (w: string) => (transforms.length ? transforms.reduceRight((acc, t) => t(acc), w) : w);
    const lines = b.lines;
    const stashed = lines.stashedSpace;
    let any = false;
    WORD.lastIndex = 0;
    for (let m = WORD.exec(str); m; m = WORD.exec(str)) {
      if (any || stashed || LEADING_SPACE.test(str)) lines.push(apply(m[0]));
      else lines.concat(apply(m[0]));
      any = true;
    }
    lines.stashedSpace = (stashed && !any) || TRAILING_SPACE.test(str);
    b.stashedBreaks = 0;
  }
  open(leadingBreaks: number, reserved = 0, pre = false) {
    this.block = new Block(this.block, leadingBreaks, Math.max(20, this.block.lines.max - reserved), pre);
  }
  close(trailingBreaks: number, transform?: (text: string) => string) {
    const block = this.pop();
    const text = transform ? transform(block.text()) : block.text();
    this.block.addText(text, block.leadingBreaks, Math.max(block.stashedBreaks, trailingBreaks));
  }
  openList(leadingBreaks: number, maxPrefix: number) {
    this.block = new Block(this.block, leadingBreaks, this.block.lines.max, false, { maxPrefix });
  }
  openItem(prefix: string) {
    const list = this.block;
    const width = Math.max(prefix.length, (list.list as { maxPrefix: number }).maxPrefix);
    this.block = new Block(list, 1, Math.max(20, list.lines.max - width), false, { prefix });
  }
  closeItem() {
    const item = this.pop();
    const list = this.block;
    const { prefix } = item.list as { prefix: string };
    const width = Math.max(prefix.length, (list.list as { maxPrefix: number }).maxPrefix);
    const text = prefix.padEnd(width) + item.text().replace(/\n/g, '\n' + ' '.repeat(width));
    list.addText(text, item.leadingBreaks, Math.max(item.stashedBreaks, 1));
  }
  closeList(trailingBreaks: number) {
    const list = this.pop();
    const text = list.text();
    if (text) this.block.addText(text, list.leadingBreaks, trailingBreaks);
  }
  private pop() {
    const block = this.block;
    this.block = block.next!;
    return block;
  }
}
