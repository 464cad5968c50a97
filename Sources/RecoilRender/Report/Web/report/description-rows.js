// Reading a value's description back into rows of a tree, as Swift writes descriptions:
// `Line(productID: "BT-42", quantity: 3)` (a type's fields), `address("1 Harbor Street")` (a
// lower-case case's payload), `[1, 2]` (elements), `["a": 1]` (entries), `Set(["A"])` (members),
// `Optional(5)`, each part at the path a change of it would have. A small reader that reads one
// value at a time (`value`), each kind of part in a method of its own; a text it cannot read
// whole throws, and StateRows.previewRows makes it one leaf row.
class DescriptionRows {
  /** The rows of `text` at `path`; throws for a text it cannot read whole (one cut with "…"). */
  static read(text, path) {
    const reader = new DescriptionRows(text);
    reader.value(path);
    reader.spaces();
    if (reader.position !== text.length) reader.fail();
    return reader.rows;
  }

  constructor(text) {
    this.text = text;
    this.position = 0;
    this.rows = [];
  }

  fail() {
    throw new Error('unreadable');
  }

  spaces() {
    while (this.text[this.position] === ' ') this.position++;
  }

  /** A quoted text or a bare word, up to the next separator. */
  scalar() {
    const { text } = this;
    const start = this.position;
    if (text[this.position] === '"') {
      this.position++;
      while (this.position < text.length && text[this.position] !== '"') this.position += text[this.position] === '\\' ? 2 : 1;
      if (this.position >= text.length) this.fail();
      this.position++;
    } else {
      while (this.position < text.length && !',)]:'.includes(text[this.position])) {
        if ('([{'.includes(text[this.position])) this.fail();
        this.position++;
      }
    }
    const value = text.slice(start, this.position).trim();
    if (!value) this.fail();
    return value;
  }

  /** After an element: a comma and what follows it, or the list's end (`close`). */
  separator(close) {
    this.spaces();
    if (this.text[this.position] === ',') {
      this.position++;
      this.spaces();
    } else if (this.text[this.position] !== close) {
      this.fail();
    }
  }

  /** Reads one value at `at`, adding its rows; returns its text. */
  value(at) {
    this.spaces();
    const start = this.position;
    const name = /^[A-Za-z_][\w.<>, ]*?(?=\()/.exec(this.text.slice(this.position));
    if (this.text[this.position] === '[') this.collection(at, start);
    else if (name && name[0] === 'Set') this.set(at);
    else if (name && name[0] === 'Optional') this.optional(at, name[0]);
    else if (name) this.record(at, name[0]);
    else this.rows.push({ path: at, value: this.scalar() });
    return this.text.slice(start, this.position).trim();
  }

  /** `[a, b]` or `[k: v]`: elements by index, entries by key; empty, a leaf with its text. */
  collection(at, start) {
    const row = this.rows.length;
    this.rows.push({ path: at, type: '' });
    this.position++;
    this.spaces();
    if (this.text[this.position] === ':') { // an empty dictionary: [:]
      this.position++;
      this.spaces();
    }
    let index = 0;
    while (this.text[this.position] !== ']') {
      if (this.position >= this.text.length) this.fail();
      const mark = this.rows.length;
      const first = this.value(`${at}[${index}]`);
      this.spaces();
      if (this.text[this.position] === ':') {
        // A dictionary entry: its key names it.
        this.rows.length = mark;
        this.position++;
        this.value(`${at}[${first}]`);
      }
      index++;
      this.separator(']');
    }
    this.position++;
    if (index === 0) this.rows[row] = { path: at, value: this.text.slice(start, this.position) };
  }

  /** `Set(["A", "B"])`: each member at `at{member}`. */
  set(at) {
    this.position += 3;
    if (this.text[this.position] !== '(' || this.text[this.position + 1] !== '[') this.fail();
    this.position += 2;
    this.rows.push({ path: at, type: 'Set' });
    this.spaces();
    while (this.text[this.position] !== ']') {
      if (this.position >= this.text.length) this.fail();
      const member = this.scalar();
      this.rows.push({ path: `${at}{${member}}`, value: member });
      this.separator(']');
    }
    this.position += 1;
    if (this.text[this.position] !== ')') this.fail();
    this.position++;
  }

  /** `Optional(x)`: its value sits at its own path. */
  optional(at, name) {
    this.position += name.length + 1;
    this.value(at);
    this.spaces();
    if (this.text[this.position] !== ')') this.fail();
    this.position++;
  }

  /** `Type(field: x, …)` or `case(x)`: a type's fields under it; a case's payload under the
   *  case's name (one unlabelled payload at the case's path itself). */
  record(at, name) {
    const label = name.trim();
    const caseName = label.split('.').pop();
    const isCase = /^[a-z_]/.test(caseName);
    this.position += name.length + 1;
    const base = isCase ? (at ? `${at}.${caseName}` : caseName) : at;
    this.rows.push({ path: at, type: isCase ? '' : label });
    if (isCase) this.rows.push({ path: base, type: '' });
    const caseRow = this.rows.length - 1;
    let unlabelled = 0;
    const parts = [];
    this.spaces();
    while (this.text[this.position] !== ')') {
      if (this.position >= this.text.length) this.fail();
      const labelled = /^([A-Za-z_]\w*): /.exec(this.text.slice(this.position));
      if (labelled) {
        this.position += labelled[0].length;
        parts.push(labelled[1]);
        this.value(base ? `${base}.${labelled[1]}` : labelled[1]);
      } else {
        parts.push(null);
        this.value(isCase ? base : `${base}.${unlabelled}`);
        unlabelled++;
      }
      this.separator(')');
    }
    this.position++;
    if (isCase && parts.length === 1 && parts[0] === null) this.rows.splice(caseRow, 1);
  }
}

if (typeof module === 'object' && module.exports) module.exports = DescriptionRows;
