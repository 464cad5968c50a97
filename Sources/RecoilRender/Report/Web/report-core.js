// The report's pure parts: functions of the data alone, with no document and no window, which
// the page's script (report.js) calls and `node --test` checks (Tests/ReportScriptTests). The
// page embeds this file before report.js, in the same script element.
//
// The data (ReportData.swift): `nodes` by index; `timeline`, the causal timeline's entries in
// order, each with its number there (`seq`), `kind`, `cause` (a `seq`) and the node it concerns
// by index (`node`); an action with `store`, `storeSeq`, `name`, `payload` and `changes` (each
// with `path`, `before`, `after` and the `nodes` it wrote). A node's `history` is
// `{first, unknownFirst, changes: [[seq, after], …]}`.
const ReportCore = (() => {
  'use strict';

  /** Every index reachable from `start` along `next` (an array of arrays of indexes) in at
   *  most `depth` steps (all, by default), not counting `start` itself: what a node depends
   *  on, or what depends on it, to that depth. Breadth first, so a node reached by a short
   *  and a long path counts at the short one's depth; no recursion. */
  function reach(start, next, depth = Infinity) {
    const seen = new Set();
    let frontier = [start];
    for (let step = 0; step < depth && frontier.length; step += 1) {
      const following = [];
      for (const index of frontier) {
        for (const target of next[index]) {
          if (target === start || seen.has(target)) continue;
          seen.add(target);
          following.push(target);
        }
      }
      frontier = following;
    }
    return seen;
  }

  /** The selection's depth from the page's choice (`1`, `2`, `3` or `all`). */
  function selectionDepth(choice) {
    const depth = Number.parseInt(choice, 10);
    return Number.isFinite(depth) && depth > 0 ? depth : Infinity;
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

  /** The nodes an entry wrote or evaluated: an action's changed store and slices; the node of
   *  any other entry (the atom written, the selector evaluated, the node notified). */
  function writtenBy(entry) {
    if (entry.kind === 'action') {
      const written = new Set();
      for (const change of entry.changes ?? []) for (const index of change.nodes) written.add(index);
      return [...written];
    }
    return entry.node === undefined ? [] : [entry.node];
  }

  /** The position of each numbered entry, by its number. */
  function indexBySeq(timeline) {
    const positions = new Map();
    timeline.forEach((entry, index) => { if (entry.seq !== undefined) positions.set(entry.seq, index); });
    return positions;
  }

  /** The last timeline number "as of" an entry covers: the entry's own (everything up to and
   *  including it). An action older than the timeline (no number) covers nothing recorded. */
  function boundOf(timeline, entryIndex) {
    return timeline[entryIndex].seq ?? -Infinity;
  }

  /** A node's value as of timeline number `bound` (everything up to and including it), from
   *  its history: the last change at or before `bound`, else the value before the first change
   *  (`null` for none, `undefined` where that is not known). A binary search, so a step over 100,000 entries sets
   *  every node's value at once. */
  function valueAsOf(history, bound) {
    const changes = history.changes;
    let low = 0;
    let high = changes.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (changes[middle][0] <= bound) low = middle + 1; else high = middle;
    }
    if (low > 0) return changes[low - 1][1];
    return history.unknownFirst ? undefined : history.first ?? null;
  }

  /** The entries (indexes, ascending, each once) that made a node's history's changes. */
  function changeEntries(positions, history) {
    const found = [];
    for (const [seq] of history.changes) {
      const entry = positions.get(seq);
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

  /** What each entry caused directly: for entry i, the indexes of the entries whose cause is
   *  it, in order. */
  function consequences(timeline, positions) {
    const caused = timeline.map(() => []);
    timeline.forEach((entry, index) => {
      const cause = entry.cause === undefined ? undefined : positions.get(entry.cause);
      if (cause !== undefined && cause !== index) caused[cause].push(index);
    });
    return caused;
  }

  /** What an entry caused, directly or not, in order, at most `limit` of them. */
  function causedBy(caused, entryIndex, limit = 100) {
    const found = [];
    const stack = caused[entryIndex].slice().reverse();
    const seen = new Set([entryIndex]);
    while (stack.length && found.length < limit) {
      const next = stack.pop();
      if (seen.has(next)) continue;
      seen.add(next);
      found.push(next);
      for (let position = caused[next].length - 1; position >= 0; position--) stack.push(caused[next][position]);
    }
    return found.sort((a, b) => a - b);
  }

  /** The chain of causes from the root to an entry, root first and the entry last (indexes),
   *  as `recoil-inspect why` prints it. */
  function chainTo(timeline, positions, entryIndex) {
    const chain = [entryIndex];
    const seen = new Set(chain);
    for (;;) {
      const cause = timeline[chain[chain.length - 1]].cause;
      const position = cause === undefined ? undefined : positions.get(cause);
      if (position === undefined || seen.has(position)) break;
      seen.add(position);
      chain.push(position);
    }
    return chain.reverse();
  }

  /** The entry a "why" of node `nodeIndex` as of timeline number `bound` is about, as
   *  `recoil-inspect why --at` finds it: an atom's or selector's latest write, evaluation or
   *  resolution; a store's latest action; a slice's latest action that changed it. */
  function whyEntry(timeline, nodes, nodeIndex, bound = Infinity) {
    const node = nodes[nodeIndex];
    for (let index = timeline.length - 1; index >= 0; index--) {
      const entry = timeline[index];
      if (entry.seq === undefined || entry.seq > bound) continue;
      if (node.kind === 'store') {
        if (entry.kind === 'action' && entry.store === node.id) return index;
      } else if (node.kind === 'slice') {
        if (entry.kind === 'action' && (entry.changes ?? []).some((change) => change.nodes.includes(nodeIndex))) return index;
      } else if (entry.node === nodeIndex
        && (entry.kind === 'write' || entry.kind === 'evaluation' || entry.kind === 'resolution')) {
        return index;
      }
    }
    return undefined;
  }

  /** The entries about a node, as `recoil-inspect trace --node` lists them: its writes,
   *  evaluations and resolutions, and for a store or slice the actions that changed it. */
  function historyOf(timeline, nodes, nodeIndex) {
    const found = [];
    timeline.forEach((entry, index) => {
      if (touches(entry, nodes, nodeIndex)) found.push(index);
    });
    return found;
  }

  /** Whether an entry is about a node: it names the node, or (for a store) the entry is the
   *  store's, or (an action) one of its changes wrote the node. */
  function touches(entry, nodes, nodeIndex) {
    if (entry.node === nodeIndex) return true;
    if (nodes[nodeIndex].kind === 'store' && entry.store === nodes[nodeIndex].id) return true;
    return entry.kind === 'action' && (entry.changes ?? []).some((change) => change.nodes.includes(nodeIndex));
  }

  /** A shell-style pattern as `--node` reads it: `*` any run, `?` one character, `[abc]`,
   *  `[a-z]`, `[!abc]` a set, `\` escapes the next character. Returns a function of a text;
   *  throws an Error saying what is wrong with the pattern. */
  function glob(pattern) {
    let source = '';
    const characters = [...pattern];
    for (let position = 0; position < characters.length; position++) {
      const character = characters[position];
      if (character === '*') source += '[\\s\\S]*';
      else if (character === '?') source += '[\\s\\S]';
      else if (character === '\\') {
        position++;
        if (position >= characters.length) throw new Error('ends with a lone backslash');
        source += escapeRegExp(characters[position]);
      } else if (character === '[') {
        let set = '';
        let negated = false;
        let first = true;
        let closed = false;
        let previous = null;
        let pendingRange = false;
        for (position++; position < characters.length; position++) {
          const member = characters[position];
          if (member === ']' && !first) { closed = true; break; }
          if (first && (member === '!' || member === '^')) { negated = true; continue; }
          first = false;
          if (member === '-' && previous !== null && !pendingRange) { pendingRange = true; continue; }
          if (pendingRange) {
            if (previous > member) throw new Error(`range ${previous}-${member} is reversed`);
            set += '-' + escapeRegExp(member);
            pendingRange = false;
            previous = null;
            continue;
          }
          set += escapeRegExp(member);
          previous = member;
        }
        if (pendingRange) set += '\\-';
        if (!closed) throw new Error('has a [ without its ]');
        source += `[${negated ? '^' : ''}${set}]`;
      } else {
        source += escapeRegExp(character);
      }
    }
    const expression = new RegExp(`^(?:${source})$`, 'u');
    return (text) => expression.test(text);
  }

  /** A character as a regular expression matches it literally, inside a set or out. */
  function escapeRegExp(character) {
    return `\\u{${character.codePointAt(0).toString(16)}}`;
  }

  /** The node ids an entry is about: its node, its store, and for an action the slices its
   *  changes wrote (as `--node` and `--store` read them). */
  function entryIds(entry, nodes) {
    const ids = [];
    if (entry.node !== undefined) ids.push(nodes[entry.node].id);
    if (entry.id !== undefined) ids.push(entry.id);
    if (entry.store !== undefined) ids.push(entry.store);
    for (const change of entry.changes ?? []) {
      for (const index of change.nodes) if (!ids.includes(nodes[index].id)) ids.push(nodes[index].id);
    }
    return ids;
  }

  /** The texts `--grep` searches in an entry: ids, names, payload, paths and values, trigger,
   *  site and error. */
  function entryTexts(entry, nodes) {
    const texts = entryIds(entry, nodes);
    for (const key of ['name', 'payload', 'before', 'after', 'value', 'trigger', 'site', 'error', 'phase']) {
      if (entry[key] !== undefined) texts.push(String(entry[key]));
    }
    for (const change of entry.changes ?? []) texts.push(change.path, change.before ?? '', change.after ?? '');
    return texts;
  }

  /** Whether an entry changed nothing: an action that changed no state, an evaluation that
   *  produced the value it had. */
  function changedNothing(entry) {
    if (entry.kind === 'action') return (entry.changes ?? []).length === 0;
    return entry.kind === 'evaluation' && entry.changed === false;
  }

  /** The filter's parts as the page's fields give them, checked: `{store, node, kind, grep,
   *  hideUnchanged, touching}` where `node` is a glob, `kind` comma-separated kinds. Returns
   *  `{filter, error}`: `error` names the field and what is wrong (`filter` is then null). */
  function makeFilter(fields, kinds) {
    const filter = { hideUnchanged: !!fields.hideUnchanged, touching: fields.touching ?? null };
    if (fields.store) filter.store = fields.store;
    if (fields.node) {
      try {
        filter.node = glob(fields.node);
      } catch (error) {
        return { filter: null, error: { field: 'node', message: `--node ${fields.node}: ${error.message}` } };
      }
    }
    if (fields.kind) {
      const chosen = fields.kind.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean);
      const unknown = chosen.filter((kind) => !kinds.includes(kind));
      if (unknown.length) {
        return { filter: null, error: { field: 'kind', message: `--kind ${unknown[0]}: not a kind (${kinds.join(', ')})` } };
      }
      if (chosen.length) filter.kinds = new Set(chosen);
    }
    if (fields.grep) filter.grep = fields.grep.toLowerCase();
    if (fields.notNode) {
      try {
        filter.notNode = glob(fields.notNode);
      } catch (error) {
        return { filter: null, error: { field: 'notNode', message: `--not-node ${fields.notNode}: ${error.message}` } };
      }
    }
    if (fields.notKind) {
      const left = fields.notKind.split(',').map((part) => part.trim().toLowerCase()).filter(Boolean);
      const unknown = left.filter((kind) => !kinds.includes(kind));
      if (unknown.length) {
        return { filter: null, error: { field: 'notKind', message: `--not-kind ${unknown[0]}: not a kind (${kinds.join(', ')})` } };
      }
      if (left.length) filter.notKinds = new Set(left);
    }
    return { filter, error: null };
  }

  /** Whether a filter holds nothing, so that every entry shows. */
  function isEmptyFilter(filter) {
    return !filter.store && !filter.node && !filter.kinds && !filter.grep && !filter.notNode && !filter.notKinds
      && !filter.hideUnchanged
      && (filter.touching === null || filter.touching === undefined);
  }

  /** Whether an entry passes every part of a filter, as `recoil-inspect trace` reads them:
   *  `--store` keeps the store's entries and its nodes' (`app`, `app.*`); `--node` entries about
   *  a matching node; `--kind` the kinds named; `--grep` entries whose text holds it, ignoring
   *  case; `--not-kind` leaves out the kinds named, `--not-node` entries every node of which
   *  matches (an action's: the slices it changed). Then entries that changed something, and entries touching the selected node. */
  function entryPasses(entry, nodes, filter) {
    if (filter.kinds && !filter.kinds.has(entry.kind)) return false;
    if (filter.notKinds && filter.notKinds.has(entry.kind)) return false;
    if (filter.notNode) {
      // An action is about the slices it changed (its store when it changed none).
      let ids = entryIds(entry, nodes);
      if (entry.kind === 'action' && ids.length > 1) ids = ids.filter((id) => id !== entry.store);
      if (ids.length && ids.every(filter.notNode)) return false;
    }
    if (filter.hideUnchanged && changedNothing(entry)) return false;
    if (filter.touching !== null && filter.touching !== undefined && !touches(entry, nodes, filter.touching)) return false;
    if (filter.store || filter.node) {
      const ids = entryIds(entry, nodes);
      const store = filter.store;
      if (store && entry.store !== store
        && !ids.some((id) => id === store || (id.startsWith(store) && id[store.length] === '.'))) return false;
      if (filter.node && !ids.some(filter.node)) return false;
    }
    if (filter.grep && !entryTexts(entry, nodes).some((text) => text.toLowerCase().includes(filter.grep))) return false;
    return true;
  }

  /** The indexes of the entries a filter keeps, ascending. */
  function filterEntries(timeline, nodes, filter) {
    if (isEmptyFilter(filter)) return timeline.map((_, index) => index);
    const kept = [];
    for (let index = 0; index < timeline.length; index++) {
      if (entryPasses(timeline[index], nodes, filter)) kept.push(index);
    }
    return kept;
  }

  /** The position of entry `entryIndex` in `shown` (ascending), or where it would go. */
  function positionIn(shown, entryIndex) {
    let low = 0;
    let high = shown.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (shown[middle] < entryIndex) low = middle + 1; else high = middle;
    }
    return low;
  }

  /** The entry `delta` rows from `current` in the shown list (clamped); with none chosen or
   *  the chosen one filtered out, the first or last shown in that direction. */
  function stepWithin(shown, current, delta) {
    if (!shown.length) return undefined;
    if (current < 0) return delta > 0 ? shown[0] : shown[shown.length - 1];
    const position = positionIn(shown, current);
    const isShown = shown[position] === current;
    let target = isShown ? position + delta : delta > 0 ? position : position - 1;
    target = Math.min(shown.length - 1, Math.max(0, target));
    return shown[target];
  }

  /** Who an entry is about, in a few words: the store and its number for an action, else its
   *  node (or store). */
  function entrySubject(entry, nodes) {
    if (entry.kind === 'action') return `${entry.store} #${entry.storeSeq ?? '?'}`;
    if (entry.kind === 'scope') return entry.name ?? 'scope';
    if (entry.node !== undefined) return nodes[entry.node].id;
    return entry.id ?? entry.store ?? '';
  }

  /** What an entry did, in a few words, after its subject: an action's name and payload, a
   *  write's before → after, an evaluation's value and trigger, and so on. */
  function entryDetail(entry) {
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
  function wholeLess(a, b) {
    return BigInt(a) < BigInt(b);
  }

  /** An entry's number as the snapshot has it: `seqText` when the page numbers entries from
   *  a base of its own (past 2^53, which a script's numbers do not hold exactly), else `seq`. */
  function entryNumber(entry) {
    return entry.seqText ?? String(entry.seq);
  }

  /** An entry's cause's number as the snapshot has it (see entryNumber). */
  function causeNumber(entry) {
    return entry.causeText ?? String(entry.cause);
  }

  /** An entry's one-line title: `#74 write Pricing.currency "EUR" → "GBP"`. */
  function entryTitle(entry, nodes) {
    const number = entry.seq !== undefined ? `#${entryNumber(entry)} ` : '';
    return `${number}${entry.kind} ${entrySubject(entry, nodes)} ${entryDetail(entry)}`.trim();
  }

  /** Text from the app as data: bidi controls (which would reorder what follows) and control
   *  characters shown as visible markers (`⟨U+202E⟩`), never applied; line breaks and tabs
   *  stay where `keepLines` (values shown whole). */
  const BIDI_CONTROL = /^[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]$/u;
  function visible(text, keepLines = false) {
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
  let graphemes;
  const encoder = new TextEncoder();
  function labelPreview(text, limit = 32) {
    const flat = text.replace(/\n/g, ' ');
    // Most values are short: no need to split them into characters (a jump across the
    // timeline sets a few thousand labels).
    let cut = flat;
    if (flat.length > limit / 4 && encoder.encode(flat).length > limit) {
      graphemes ??= new Intl.Segmenter('en', { granularity: 'grapheme' });
      const characters = Array.from(graphemes.segment(flat), (part) => part.segment);
      if (characters.length > limit) cut = characters.slice(0, Math.max(limit - 1, 1)).join('') + '…';
    }
    return Array.from(cut, (scalar) => {
      const code = scalar.codePointAt(0);
      if (code < 0x20) return String.fromCodePoint(0x2400 + code);
      if (code === 0x7f) return '\u2421';
      if ((code >= 0x80 && code < 0xa0) || code === 0xfffe || code === 0xffff) return '\ufffd';
      if (BIDI_CONTROL.test(scalar)) return visible(scalar);
      return scalar;
    }).join('');
  }

  /** Whether `path` lies inside the part at `ancestor` (a change of `lines[1].quantity` is
   *  inside `lines`; the whole state's path is empty). */
  function isInside(path, ancestor) {
    if (ancestor === '') return path !== '';
    return path.length > ancestor.length && path.startsWith(ancestor) && '.[{'.includes(path[ancestor.length]);
  }

  /** The order of a path among its siblings: an index as a number, anything else as text. */
  function siblingKey(path, parent) {
    const component = path.slice(parent.length);
    const index = /^\[(\d+)\]$/.exec(component);
    return index ? [0, Number(index[1]), ''] : [1, 0, component];
  }

  function compareKeys(a, b) {
    return a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
  }

  /** The rows of a value's preview (`Line(productID: "BT-42", quantity: 3)`, `[1, 2]`,
   *  `["a": 1]`, `Set(["A"])`, `address("1 Harbor Street")`) at `path`, read back from the text
   *  as Swift writes descriptions: a type's fields, a lower-case case's payload, elements,
   *  entries and members, with paths as changes write them. A text it cannot read whole (one
   *  cut with "…", say) is one leaf row. */
  function previewRows(text, path) {
    let position = 0;
    const rows = [];
    const fail = () => { throw new Error('unreadable'); };
    const spaces = () => { while (text[position] === ' ') position++; };
    function scalar() {
      const start = position;
      if (text[position] === '"') {
        position++;
        while (position < text.length && text[position] !== '"') position += text[position] === '\\' ? 2 : 1;
        if (position >= text.length) fail();
        position++;
      } else {
        while (position < text.length && !',)]:'.includes(text[position])) {
          if ('([{'.includes(text[position])) fail();
          position++;
        }
      }
      const value = text.slice(start, position).trim();
      if (!value) fail();
      return value;
    }
    // Reads one value at `at`, adding its rows; returns its text.
    function value(at) {
      spaces();
      const start = position;
      const name = /^[A-Za-z_][\w.<>, ]*?(?=\()/.exec(text.slice(position));
      if (text[position] === '[') {
        const row = rows.length;
        rows.push({ path: at, type: '' });
        position++;
        spaces();
        if (text[position] === ':') { position++; spaces(); }  // an empty dictionary: [:]
        let index = 0;
        while (text[position] !== ']') {
          if (position >= text.length) fail();
          const mark = rows.length;
          const first = value(`${at}[${index}]`);
          spaces();
          if (text[position] === ':') {
            // A dictionary entry: its key names it.
            rows.length = mark;
            position++;
            value(`${at}[${first}]`);
          }
          index++;
          spaces();
          if (text[position] === ',') { position++; spaces(); } else if (text[position] !== ']') fail();
        }
        position++;
        // An empty collection is a leaf with its text.
        if (index === 0) rows[row] = { path: at, value: text.slice(start, position) };
      } else if (name && name[0] === 'Set') {
        position += 3;
        if (text[position] !== '(' || text[position + 1] !== '[') fail();
        position += 2;
        const row = { path: at, type: 'Set' };
        rows.push(row);
        spaces();
        while (text[position] !== ']') {
          if (position >= text.length) fail();
          const member = scalar();
          rows.push({ path: `${at}{${member}}`, value: member });
          spaces();
          if (text[position] === ',') { position++; spaces(); } else if (text[position] !== ']') fail();
        }
        position += 1;
        if (text[position] !== ')') fail();
        position++;
      } else if (name && name[0] === 'Optional') {
        // An optional's value sits at its own path.
        position += name[0].length + 1;
        value(at);
        spaces();
        if (text[position] !== ')') fail();
        position++;
      } else if (name) {
        const label = name[0].trim();
        const isCase = /^[a-z_]/.test(label.split('.').pop());
        position += name[0].length + 1;
        const caseName = label.split('.').pop();
        const base = isCase ? (at ? `${at}.${caseName}` : caseName) : at;
        rows.push({ path: at, type: isCase ? '' : label });
        if (isCase) rows.push({ path: base, type: '' });
        const caseRow = rows.length - 1;
        let unlabeled = 0;
        const parts = [];
        spaces();
        while (text[position] !== ')') {
          if (position >= text.length) fail();
          const labelled = /^([A-Za-z_]\w*): /.exec(text.slice(position));
          if (labelled) {
            position += labelled[0].length;
            parts.push(labelled[1]);
            value(base ? `${base}.${labelled[1]}` : labelled[1]);
          } else {
            parts.push(null);
            value(isCase ? base : `${base}.${unlabeled}`);
            unlabeled++;
          }
          spaces();
          if (text[position] === ',') { position++; spaces(); } else if (text[position] !== ')') fail();
        }
        position++;
        // A case with one unlabelled payload is that payload at the case's path.
        if (isCase && parts.length === 1 && parts[0] === null) rows.splice(caseRow, 1);
      } else {
        const leaf = scalar();
        rows.push({ path: at, value: leaf });
      }
      return text.slice(start, position).trim();
    }
    try {
      value(path);
      spaces();
      if (position !== text.length) fail();
      return rows;
    } catch (error) {
      return [{ path, value: text }];
    }
  }

  /** A value's tree rows (`structure`: `{path, type?, value?, more?}` in tree order) as of an
   *  earlier step: the latest rows with `undo`'s changes (`{path, before, after}`, the latest
   *  first) undone, each replacing the part at its path, and what is inside it, by its value
   *  before (a leaf), or removing it where it did not exist. A part put back goes among its
   *  siblings in order (elements by index). */
  function structureAsOf(rows, undo) {
    let result = rows.slice();
    for (const change of undo) {
      // The diff names a change of a whole state that has no parts `self`: the root row.
      const path = change.path === 'self' ? '' : change.path;
      const at = result.findIndex((row) => row.path === path);
      let insertAt;
      if (at >= 0) {
        let end = at + 1;
        while (end < result.length && isInside(result[end].path, path)) end++;
        result.splice(at, end - at);
        insertAt = at;
      }
      if (change.before === undefined || change.before === null) continue;
      const put = previewRows(change.before, path);
      if (insertAt === undefined) {
        // Its parent: the nearest row that holds it. Put back among the parent's children.
        let parent = -1;
        result.forEach((candidate, index) => { if (isInside(path, candidate.path)) parent = index; });
        if (parent < 0) continue;
        const parentPath = result[parent].path;
        if (result[parent].type === undefined) {
          // A leaf (an empty list, say) that held this part then: a part with parts again.
          result[parent] = { path: parentPath, type: '' };
        }
        const key = siblingKey(path, parentPath);
        insertAt = parent + 1;
        while (insertAt < result.length && isInside(result[insertAt].path, parentPath)) {
          const sibling = result[insertAt];
          const isChild = !result.slice(parent + 1, insertAt).some((other) => other.type !== undefined && isInside(sibling.path, other.path));
          if (isChild && compareKeys(siblingKey(sibling.path, parentPath), key) > 0) break;
          insertAt++;
        }
      }
      result.splice(insertAt, 0, ...put);
    }
    return result;
  }

  /** An action's changes as tree rows: each changed path under the parts that hold it (one
   *  row per part), the change's before and after on its own row. Outside quotes, `.`, `[` and
   *  `{` start a part of a path. */
  function changeTree(changes) {
    const rows = [];
    const seen = new Set();
    for (const change of [...changes].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      let quoted = false;
      for (let position = 1; position < change.path.length; position++) {
        const character = change.path[position];
        if (character === '"' && change.path[position - 1] !== '\\') quoted = !quoted;
        if (quoted || !'.[{'.includes(character)) continue;
        const part = change.path.slice(0, position);
        if (!seen.has(part)) {
          seen.add(part);
          rows.push({ path: part, type: '' });
        }
      }
      rows.push({ path: change.path, before: change.before, after: change.after });
    }
    return treeRows(rows);
  }

  /** Rows for display: each with its depth under the first row, its label (the part of its
   *  path after its parent's), and whether it has rows inside it. */
  function treeRows(rows) {
    const stack = [];
    return rows.map((row, index) => {
      while (stack.length && !isInside(row.path, stack[stack.length - 1].path)) stack.pop();
      const parent = stack[stack.length - 1];
      const label = parent ? row.path.slice(parent.path.length).replace(/^\./, '') : row.path || '(state)';
      const hasChildren = index + 1 < rows.length && isInside(rows[index + 1].path, row.path);
      const shown = { ...row, depth: stack.length, label, hasChildren };
      if (row.type !== undefined) stack.push(row);
      return shown;
    });
  }

  /** The rows a tree search keeps: those whose path or value holds `query` (ignoring case),
   *  and the rows they are inside, so each match shows where it is. Indexes, ascending. */
  function treeMatches(rows, query) {
    const lowered = query.toLowerCase();
    if (!lowered) return rows.map((_, index) => index);
    const kept = new Set();
    rows.forEach((row, index) => {
      if (!(row.path.toLowerCase().includes(lowered) || (row.value ?? '').toLowerCase().includes(lowered))) return;
      kept.add(index);
      rows.forEach((other, otherIndex) => { if (isInside(row.path, other.path)) kept.add(otherIndex); });
    });
    return [...kept].sort((a, b) => a - b);
  }

  /** The nodes with heat, slowest first by their hottest measure (`heat.nanos`), at most
   *  `limit`. */
  function slowest(nodes, limit = 10) {
    return nodes.map((node, index) => [index, node.heat ? node.heat.nanos ?? 0 : -1])
      .filter(([, nanos]) => nanos > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([index]) => index);
  }

  /** An edge's SVG path through `points` (x, y, …: cubic Bézier pieces, in tenths of a point)
   *  and its arrowhead's corners (null when `tipX` or `tipY` is null), in points. */
  function curvePath(points, tipX, tipY) {
    const point = (x, y) => `${x / 10},${y / 10}`;
    let d = `M${point(points[0], points[1])}C`;
    d += Array.from({ length: points.length / 2 - 1 }, (_, at) => point(points[2 * at + 2], points[2 * at + 3])).join(' ');
    let arrow = null;
    if (tipX !== null && tipY !== null) {
      const [baseX, baseY] = [points[points.length - 2], points[points.length - 1]];
      // Graphviz's order of the corners, in the SVG's y downwards.
      const [sideX, sideY] = [(tipY - baseY) * 0.35, -(tipX - baseX) * 0.35];
      arrow = [point(baseX + sideX, baseY + sideY), point(tipX, tipY), point(baseX - sideX, baseY - sideY),
        point(baseX + sideX, baseY + sideY)].join(' ');
    }
    return { d, arrow };
  }

  /** The outline of a group drawn `shape` (a Graphviz shape: box, box3d, tab or folder;
   *  `rounded` rounds a box's corners) centred on (`x`, `y`), `width` by `height` points: SVG
   *  paths, back to front. */
  function groupOutline(shape, rounded, x, y, width, height) {
    const [left, right, top, bottom] = [x - width / 2, x + width / 2, y - height / 2, y + height / 2];
    const at = (px, py) => `${+px.toFixed(2)},${+py.toFixed(2)}`;
    const depth = 4;
    switch (shape) {
      case 'box3d':
        return [
          `M${at(left, top + depth)}L${at(left + depth, top)}L${at(right, top)}L${at(right, bottom - depth)}` +
            `L${at(right - depth, bottom)}L${at(right - depth, top + depth)}Z`,
          `M${at(left, top + depth)}L${at(right - depth, top + depth)}L${at(right - depth, bottom)}L${at(left, bottom)}Z` +
            `M${at(right - depth, top + depth)}L${at(right, top)}`,
        ];
      case 'tab':
        return [
          `M${at(left, top)}L${at(right, top)}L${at(right, bottom)}L${at(left, bottom)}Z` +
            `M${at(left + 4, top)}L${at(left + 4, top + 5)}L${at(left + 16, top + 5)}L${at(left + 16, top)}`,
        ];
      case 'folder':
        return [
          `M${at(left, top + 5)}L${at(right - 20, top + 5)}L${at(right - 16, top)}L${at(right - 4, top)}` +
            `L${at(right, top + 5)}L${at(right, bottom)}L${at(left, bottom)}Z`,
        ];
      default: {
        if (!rounded) return [`M${at(left, top)}L${at(right, top)}L${at(right, bottom)}L${at(left, bottom)}Z`];
        const r = Math.min(6, width / 2, height / 2);
        return [
          `M${at(left + r, top)}L${at(right - r, top)}Q${at(right, top)} ${at(right, top + r)}L${at(right, bottom - r)}` +
            `Q${at(right, bottom)} ${at(right - r, bottom)}L${at(left + r, bottom)}Q${at(left, bottom)} ${at(left, bottom - r)}` +
            `L${at(left, top + r)}Q${at(left, top)} ${at(left + r, top)}Z`,
        ];
      }
    }
  }

  /** What a static report's focus draws for a hub's neighbourhood laid out as an overview of
   *  itself (`plans.overviews[i]`, see OverviewPlan.swift): the picture of its plan (see
   *  `planPicture`: the nodes drawn whole and the edges among them), and each group (`groups`,
   *  eight numbers each: label, kind, status, sides, x, y, width, height) with its outline,
   *  classes, tooltip and label lines (`labels[label]`: title, count, states, evaluations, ""
   *  for none), and each merged edge (`[tail, head, count, sides, tip x, tip y, n, x, y, …]`,
   *  an end a node's index or -1 - a group's) with its path, width, tooltip and count. Text
   *  is made visible (no control characters); `nodeName(index)` names a node. In points;
   *  `null` when a node has no home. */
  function overviewPicture(entry, homes, looks, labels, nodeName) {
    const picture = planPicture(entry.plan, homes, looks);
    if (!picture) return null;
    const sideClasses = (sides) => `${sides & 1 ? ' upstream' : ''}${sides & 2 ? ' downstream' : ''}`;
    const fonts = [[12, 'bold', looks.text], [10, null, looks.muted], [10, null, looks.error], [9, null, looks.muted]];
    const groups = [];
    const titles = [];
    for (let at = 0; at + 7 < entry.groups.length; at += 8) {
      const [label, kind, status, sides, x, y, width, height] = entry.groups.slice(at, at + 8);
      const [name, shape, fill, border, style] = looks.groups[kind] ?? looks.groups[0];
      const lines = labels[label] ?? ['', '', '', ''];
      titles.push(lines[0]);
      const shown = lines.map((text, line) => ({ text, line })).filter(({ text }) => text !== '');
      const lineHeight = (line) => fonts[line][0] * 1.2;
      let baseline = y / 10 - shown.reduce((sum, { line }) => sum + lineHeight(line), 0) / 2;
      const texts = shown.map(({ text, line }) => {
        baseline += lineHeight(line);
        const [size, weight, colour] = fonts[line];
        return { text: visible(text), x: x / 10, y: +(baseline - size * 0.3).toFixed(2), size, weight, fill: colour };
      });
      let tooltip = `${lines[0]}: ${lines[1]}, drawn as one`;
      if (lines[2]) tooltip += `\n${lines[2].split(' · ').join(', ')}`;
      groups.push({
        id: `focus_g${at / 8}`,
        className: `node group ${name}${sideClasses(sides)}`,
        title: visible(tooltip, true),
        outline: groupOutline(shape, style.includes('rounded'), x / 10, y / 10, width / 10, height / 10),
        fill,
        stroke: status === 1 ? looks.error : border,
        strokeWidth: status === 1 ? 2.5 : 1.5,
        dash: status === 2 ? looks.dash : null,
        texts,
      });
    }
    const endName = (end) => (end >= 0 ? nodeName(end) : titles[-1 - end] ?? '');
    const merged = entry.merged.map(([tail, head, count, sides, tipX, tipY, , ...points], index) => {
      const { d, arrow } = curvePath(points, tipX, tipY);
      // The curve's middle: halfway along its middle piece (an odd number of pieces), else
      // where the two middle pieces meet.
      const pieces = Math.max(1, Math.floor((points.length / 2 - 1) / 3));
      const piece = Math.floor((pieces - 1) / 2);
      const [t, at] = [pieces % 2 === 1 ? 0.5 : 1, 6 * piece];
      const along = (offset) => {
        const [p0, p1, p2, p3] = [0, 2, 4, 6].map((step) => points[at + step + offset] ?? points[offset]);
        return (1 - t) ** 3 * p0 + 3 * (1 - t) ** 2 * t * p1 + 3 * (1 - t) * t ** 2 * p2 + t ** 3 * p3;
      };
      const plural = count === 1 ? 'edge' : 'edges';
      return {
        id: `mfocus-${index}`,
        className: `edge merged${sideClasses(sides)}`,
        title: visible(`${endName(tail)} → ${endName(head)}: ${count.toLocaleString('en-US')} ${plural}`),
        d, arrow, stroke: looks.edge,
        strokeWidth: +Math.min(1 + Math.log2(Math.max(count, 1)), 5).toFixed(1),
        count: count > 1 ? { text: String(count), x: +(along(0) / 10 + 6).toFixed(2), y: +(along(1) / 10).toFixed(2) } : null,
      };
    });
    return { ...picture, groups, merged };
  }

  /** What a static report's focus draws for one neighbourhood (`#report-neighbourhoods`, see
   *  NeighbourhoodPlans.swift; lengths there in tenths of a point): the drawing's size, where
   *  each node's own drawing moves (by how much from the centre it has in its home drawing,
   *  `homes`), and each edge's SVG path, arrowhead (as Graphviz draws a `normal` one: from the
   *  curve's end to the tip, its base 0.35 of its length to either side), colour and dashes.
   *  In points; `null` when a node has no home. */
  function planPicture(plan, homes, looks) {
    const [width, height, placed, curves] = plan;
    const nodes = [];
    for (let at = 0; at + 2 < placed.length; at += 3) {
      const node = placed[at];
      if (homes[2 * node] === null || homes[2 * node] === undefined) return null;
      nodes.push({ node, dx: (placed[at + 1] - homes[2 * node]) / 10, dy: (placed[at + 2] - homes[2 * node + 1]) / 10 });
    }
    const edges = curves.map(([edge, drives, tipX, tipY, ...points]) => {
      const { d, arrow } = curvePath(points, tipX, tipY);
      return { edge, d, arrow, stroke: drives ? looks.drives : looks.edge, dash: drives ? looks.dash : null };
    });
    return { width: width / 10, height: height / 10, nodes, edges };
  }

  return Object.freeze({
    planPicture, overviewPicture, groupOutline, reach, selectionDepth, visibleRows, searchText, searchMatches, chooseMatch, writtenBy, indexBySeq, boundOf, valueAsOf,
    changeEntries, neighbours, consequences, causedBy, chainTo, whyEntry, historyOf, touches, glob, entryIds,
    entryTexts, changedNothing, makeFilter, isEmptyFilter, entryPasses, filterEntries, positionIn, stepWithin,
    entrySubject, entryDetail, entryTitle, entryNumber, causeNumber, wholeLess, visible, labelPreview, slowest, isInside, previewRows, structureAsOf,
    treeRows, treeMatches, changeTree,
  });
})();

if (typeof module === 'object' && module.exports) module.exports = ReportCore;
