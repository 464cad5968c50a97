// The report's pure parts: functions of the data alone, with no document and no window, which
// the page's script (report.js) calls and `node --test` checks (Tests/ReportScriptTests). The
// page embeds this file before report.js, in the same script element.
const ReportCore = (() => {
  'use strict';

  /** Every index reachable from `start` along `next` (an array of arrays of indexes), not
   *  counting `start` itself: what a node depends on, transitively, or what depends on it. */
  function reach(start, next) {
    const seen = new Set();
    const stack = next[start].slice();
    while (stack.length) {
      const index = stack.pop();
      if (index === start || seen.has(index)) continue;
      seen.add(index);
      for (const following of next[index]) stack.push(following);
    }
    return seen;
  }

  /** The rows a virtualized list draws, `[first, last)`: those in view, with `margin` rows
   *  above and twice that below, so that scrolling a little shows drawn rows. */
  function visibleRows(scrollTop, viewHeight, rowHeight, count, margin = 8) {
    const first = Math.min(count, Math.max(0, Math.floor(scrollTop / rowHeight) - margin));
    const last = Math.min(count, first + Math.ceil(viewHeight / rowHeight) + 2 * margin);
    return [first, last];
  }

  /** The text a node is searched by: its id, label and value, lower-cased. */
  function searchText(node) {
    return [node.id, node.label || '', node.value || ''].join('\n').toLowerCase();
  }

  /** The indexes of the texts (from `searchText`) that hold `query`, ignoring case; none for
   *  an empty query. */
  function searchMatches(texts, query) {
    const lowered = query.toLowerCase();
    if (!lowered) return [];
    const matches = [];
    texts.forEach((text, index) => { if (text.includes(lowered)) matches.push(index); });
    return matches;
  }

  /** The match Enter selects: the node whose id is the query, else one whose id or label is
   *  it ignoring case, else the first match; `undefined` when nothing matched. */
  function chooseMatch(nodes, matches, query) {
    const lowered = query.toLowerCase();
    return matches.find((index) => nodes[index].id === query)
      ?? matches.find((index) => nodes[index].id.toLowerCase() === lowered
        || (nodes[index].label || '').toLowerCase() === lowered)
      ?? matches[0];
  }

  /** The nodes a timeline entry wrote: those its changes name, and the atoms its
   *  subscribers or effects wrote (from the causal timeline). */
  function writtenBy(entry) {
    const written = new Set();
    for (const change of entry.changes) for (const index of change.nodes) written.add(index);
    for (const effect of entry.caused ?? []) {
      if (effect.kind === 'write' && effect.node !== undefined) written.add(effect.node);
    }
    return [...written];
  }

  /** A node's value as of timeline number `bound` (everything up to and including it), from
   *  its history (`{first, changes: [[seq, after], …]}`, oldest first): the last change at or
   *  before `bound`, else the value before the first change. A binary search, so a step over
   *  100,000 entries sets every node's value at once. */
  function valueAsOf(history, bound) {
    const changes = history.changes;
    let low = 0;
    let high = changes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (changes[middle][0] <= bound) low = middle + 1; else high = middle;
    }
    return low === 0 ? history.first : changes[low - 1][1];
  }

  /** The last timeline number that "as of" an action entry covers: all before the next
   *  action entry's number (its own consequences, and what the app did before the next
   *  action); for the last entry, everything. `undefined` for an entry without a number (a
   *  snapshot without a causal timeline). */
  function boundOf(timeline, entryIndex) {
    if (timeline[entryIndex].causalSeq === undefined) return undefined;
    for (let next = entryIndex + 1; next < timeline.length; next++) {
      if (timeline[next].causalSeq !== undefined) return timeline[next].causalSeq - 1;
    }
    return Infinity;
  }

  /** The timeline entries (indexes, ascending, each once) in whose span a node's history
   *  changed: for each change, the last action entry numbered at or before it. A change
   *  before the first action (the app's own writes at start) belongs to none. */
  function changeEntries(timeline, history) {
    const numbered = [];
    timeline.forEach((entry, index) => { if (entry.causalSeq !== undefined) numbered.push(index); });
    const found = [];
    for (const [seq] of history.changes) {
      let low = 0;
      let high = numbered.length;
      while (low < high) {
        const middle = (low + high) >>> 1;
        if (timeline[numbered[middle]].causalSeq <= seq) low = middle + 1; else high = middle;
      }
      const entry = low === 0 ? undefined : numbered[low - 1];
      if (entry !== undefined && found[found.length - 1] !== entry) found.push(entry);
    }
    return found;
  }

  /** The entries of `changes` (ascending) just before and just after entry `current`; with
   *  none chosen (-1), no previous and the first as next. */
  function neighbours(changes, current) {
    let previous;
    let next;
    for (const entry of changes) {
      if (entry < current) previous = entry;
      else if (entry > current && next === undefined) next = entry;
    }
    return { previous, next };
  }

  /** A value as the graph's label shows it, by the renderer's rule (LabelText.preview): line
   *  breaks as spaces, cut at `limit` characters with an ellipsis, and control characters as
   *  their visible pictures (U+2400…), never applied. */
  function labelPreview(text, limit = 32) {
    const flat = text.replace(/\n/g, ' ');
    const characters = [...new Intl.Segmenter('en', { granularity: 'grapheme' }).segment(flat)].map((part) => part.segment);
    const cut = new TextEncoder().encode(flat).length <= limit || characters.length <= limit
      ? flat : characters.slice(0, Math.max(limit - 1, 1)).join('') + '…';
    return Array.from(cut, (scalar) => {
      const code = scalar.codePointAt(0);
      if (code < 0x20) return String.fromCodePoint(0x2400 + code);
      if (code === 0x7f) return '\u2421';
      if ((code >= 0x80 && code < 0xa0) || code === 0xfffe || code === 0xffff) return '\ufffd';
      return scalar;
    }).join('');
  }

  return Object.freeze({
    reach, visibleRows, searchText, searchMatches, chooseMatch, writtenBy, valueAsOf, boundOf, changeEntries,
    neighbours, labelPreview,
  });
})();

if (typeof module === 'object' && module.exports) module.exports = ReportCore;
