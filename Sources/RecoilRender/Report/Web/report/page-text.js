// Text the page shows: app text made visible (never markup, never applied controls), a value as
// the graph's label shows it, and a timeline entry in a few words. Pure functions, checked by
// `node --test` (Tests/ReportScriptTests/page-text.test.js).
class PageText {

  /** Who an entry is about, in a few words: the store and its number for an action, else its
   *  node (or store). */
  static entrySubject(entry, nodes) {
    if (entry.kind === 'action') return `${entry.store} #${entry.storeSeq ?? '?'}`;
    if (entry.kind === 'scope') return entry.name ?? 'scope';
    if (entry.node !== undefined) return nodes[entry.node].id;
    return entry.id ?? entry.store ?? '';
  }

  /** What an entry did, in a few words, after its subject: an action's name and payload, a
   *  write's before → after, an evaluation's value and trigger, and so on. */
  static entryDetail(entry) {
    switch (entry.kind) {
      case 'action': return entry.payload !== undefined ? `${entry.name} ${entry.payload}` : entry.name ?? '';
      case 'write': return `${entry.name === 'reset' ? 'reset ' : ''}${entry.before ?? '∅'} → ${entry.after ?? '∅'}`;
      case 'evaluation':
        return [entry.value !== undefined ? `= ${entry.value}` : '', entry.changed === false ? 'unchanged' : '',
          entry.trigger ? `(${entry.trigger})` : ''].filter(Boolean).join(' ');
      case 'notification': {
        const count = entry.subscribers ?? 0;
        return `${count} subscriber${Number(count) === 1 ? '' : 's'}`;
      }
      case 'effect': return [entry.name, entry.phase, entry.error].filter((part) => part !== undefined).join(' ');
      case 'resolution': return entry.phase ?? 'resolved';
      // A tracking scope's run: what it read.
      case 'scope': return entry.reads && entry.reads.length ? `read ${entry.reads.join(', ')}` : '';
      // What the tool changed, and who asked.
      case 'control':
        return [entry.name, entry.value, `from ${entry.site ?? 'the tool'}`].filter((part) => part !== undefined).join(' ');
      default: return '';
    }
  }

  /** Whether whole number `a` is less than `b`, each a number or (past 2^53) its digits. */
  static wholeLess(a, b) {
    return BigInt(a) < BigInt(b);
  }

  /** An entry's number as the snapshot has it: `seqText` when the page numbers entries from
   *  a base of its own (past 2^53, which a script's numbers do not hold exactly), else `seq`. */
  static entryNumber(entry) {
    return entry.seqText ?? String(entry.seq);
  }

  /** An entry's cause's number as the snapshot has it (see entryNumber). */
  static causeNumber(entry) {
    return entry.causeText ?? String(entry.cause);
  }

  /** An entry's one-line title: `#74 write Pricing.currency "EUR" → "GBP"`. */
  static entryTitle(entry, nodes) {
    const number = entry.seq !== undefined ? `#${PageText.entryNumber(entry)} ` : '';
    return `${number}${entry.kind} ${PageText.entrySubject(entry, nodes)} ${PageText.entryDetail(entry)}`.trim();
  }

  /** Text from the app as data: bidi controls (which would reorder what follows) and control
   *  characters shown as visible markers (`⟨U+202E⟩`), never applied; line breaks and tabs
   *  stay where `keepLines` (values shown whole). */
  static BIDI_CONTROL = /^[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]$/u;
  static visible(text, keepLines = false) {
    return String(text).replace(
      // eslint-disable-next-line no-control-regex
      /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu,
      (character) => {
        if (keepLines && (character === '\n' || character === '\t')) return character;
        return `⟨U+${character.codePointAt(0).toString(16).toUpperCase().padStart(4, '0')}⟩`;
      });
  }

  /** A value as the graph's label shows it, by the renderer's rule (LabelText.preview, then
   *  LabelText.visible): line breaks as spaces, cut at `limit` characters with an ellipsis,
   *  control characters as their visible pictures (U+2400…) and bidi controls as markers
   *  (`⟨U+202E⟩`), never applied. */
  static graphemes;
  static encoder = new TextEncoder();
  static labelPreview(text, limit = 32) {
    const flat = text.replace(/\n/g, ' ');
    // Most values are short: no need to split them into characters (a jump across the
    // timeline sets a few thousand labels).
    let cut = flat;
    if (flat.length > limit / 4 && PageText.encoder.encode(flat).length > limit) {
      PageText.graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
      const characters = Array.from(PageText.graphemes.segment(flat), (part) => part.segment);
      if (characters.length > limit) cut = characters.slice(0, Math.max(limit - 1, 1)).join('') + '…';
    }
    return Array.from(cut, (scalar) => {
      const code = scalar.codePointAt(0);
      if (code < 0x20) return String.fromCodePoint(0x2400 + code);
      if (code === 0x7f) return '\u2421';
      if ((code >= 0x80 && code < 0xa0) || code === 0xfffe || code === 0xffff) return '\ufffd';
      if (PageText.BIDI_CONTROL.test(scalar)) return PageText.visible(scalar);
      return scalar;
    }).join('');
  }
}

if (typeof module === 'object' && module.exports) module.exports = PageText;
