// Which timeline entries show, as `recoil-inspect trace` chooses them (--store, --node, --kind,
// --grep, --not-node, --not-kind), and moving among the shown ones. Pure functions, checked by
// `node --test` (Tests/ReportScriptTests/timeline-filter.test.js).
class TimelineFilter {

  /** A shell-style pattern as `--node` reads it: `*` any run, `?` one character, `[abc]`,
   *  `[a-z]`, `[!abc]` a set, `\` escapes the next character. Returns a function of a text;
   *  throws an Error saying what is wrong with the pattern. */
  static glob(pattern) {
    let source = '';
    const characters = [...pattern];
    for (let position = 0; position < characters.length; position++) {
      const character = characters[position];
      if (character === '*') source += '[\\s\\S]*';
      else if (character === '?') source += '[\\s\\S]';
      else if (character === '\\') {
        position++;
        if (position >= characters.length) throw new Error('ends with a lone backslash');
        source += TimelineFilter.escapeRegExp(characters[position]);
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
            set += '-' + TimelineFilter.escapeRegExp(member);
            pendingRange = false;
            previous = null;
            continue;
          }
          set += TimelineFilter.escapeRegExp(member);
          previous = member;
        }
        if (pendingRange) set += '\\-';
        if (!closed) throw new Error('has a [ without its ]');
        source += `[${negated ? '^' : ''}${set}]`;
      } else {
        source += TimelineFilter.escapeRegExp(character);
      }
    }
    const expression = new RegExp(`^(?:${source})$`, 'u');
    return (text) => expression.test(text);
  }

  /** A character as a regular expression matches it literally, inside a set or out. */
  static escapeRegExp(character) {
    return `\\u{${character.codePointAt(0).toString(16)}}`;
  }

  /** The node ids an entry is about: its node, its store, and for an action the slices its
   *  changes wrote (as `--node` and `--store` read them). */
  static entryIds(entry, nodes) {
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
  static entryTexts(entry, nodes) {
    const texts = TimelineFilter.entryIds(entry, nodes);
    for (const key of ['name', 'payload', 'before', 'after', 'value', 'trigger', 'site', 'error', 'phase']) {
      if (entry[key] !== undefined) texts.push(String(entry[key]));
    }
    for (const change of entry.changes ?? []) texts.push(change.path, change.before ?? '', change.after ?? '');
    return texts;
  }

  /** Whether an entry changed nothing: an action that changed no state, an evaluation that
   *  produced the value it had. */
  static changedNothing(entry) {
    if (entry.kind === 'action') return (entry.changes ?? []).length === 0;
    return entry.kind === 'evaluation' && entry.changed === false;
  }

  /** The filter's parts as the page's fields give them, checked: `{store, node, kind, grep,
   *  hideUnchanged, touching}` where `node` is a glob, `kind` comma-separated kinds. Returns
   *  `{filter, error}`: `error` names the field and what is wrong (`filter` is then null). */
  static makeFilter(fields, kinds) {
    const filter = { hideUnchanged: !!fields.hideUnchanged, touching: fields.touching ?? null };
    if (fields.store) filter.store = fields.store;
    if (fields.node) {
      try {
        filter.node = TimelineFilter.glob(fields.node);
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
        filter.notNode = TimelineFilter.glob(fields.notNode);
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
  static isEmptyFilter(filter) {
    return !filter.store && !filter.node && !filter.kinds && !filter.grep && !filter.notNode && !filter.notKinds
      && !filter.hideUnchanged
      && (filter.touching === null || filter.touching === undefined);
  }

  /** Whether an entry passes every part of a filter, as `recoil-inspect trace` reads them:
   *  `--store` keeps the store's entries and its nodes' (`app`, `app.*`); `--node` entries about
   *  a matching node; `--kind` the kinds named; `--grep` entries whose text holds it, ignoring
   *  case; `--not-kind` leaves out the kinds named, `--not-node` entries every node of which
   *  matches (an action's: the slices it changed). Then entries that changed something, and entries touching the selected node. */
  static entryPasses(entry, nodes, filter) {
    if (filter.kinds && !filter.kinds.has(entry.kind)) return false;
    if (filter.notKinds && filter.notKinds.has(entry.kind)) return false;
    if (filter.notNode) {
      // An action is about the slices it changed (its store when it changed none).
      let ids = TimelineFilter.entryIds(entry, nodes);
      if (entry.kind === 'action' && ids.length > 1) ids = ids.filter((id) => id !== entry.store);
      if (ids.length && ids.every(filter.notNode)) return false;
    }
    if (filter.hideUnchanged && TimelineFilter.changedNothing(entry)) return false;
    if (filter.touching !== null && filter.touching !== undefined && !Causality.touches(entry, nodes, filter.touching)) return false;
    if (filter.store || filter.node) {
      const ids = TimelineFilter.entryIds(entry, nodes);
      const store = filter.store;
      if (store && entry.store !== store
        && !ids.some((id) => id === store || (id.startsWith(store) && id[store.length] === '.'))) return false;
      if (filter.node && !ids.some(filter.node)) return false;
    }
    if (filter.grep && !TimelineFilter.entryTexts(entry, nodes).some((text) => text.toLowerCase().includes(filter.grep))) return false;
    return true;
  }

  /** The indexes of the entries a filter keeps, ascending. */
  static filterEntries(timeline, nodes, filter) {
    if (TimelineFilter.isEmptyFilter(filter)) return timeline.map((_, index) => index);
    const kept = [];
    for (let index = 0; index < timeline.length; index++) {
      if (TimelineFilter.entryPasses(timeline[index], nodes, filter)) kept.push(index);
    }
    return kept;
  }

  /** The position of entry `entryIndex` in `shown` (ascending), or where it would go. */
  static positionIn(shown, entryIndex) {
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
  static stepWithin(shown, current, delta) {
    if (!shown.length) return undefined;
    if (current < 0) return delta > 0 ? shown[0] : shown[shown.length - 1];
    const position = TimelineFilter.positionIn(shown, current);
    const isShown = shown[position] === current;
    let target = isShown ? position + delta : delta > 0 ? position : position - 1;
    target = Math.min(shown.length - 1, Math.max(0, target));
    return shown[target];
  }

  /** The rows a virtualized list draws, `[first, last)`: those in view, with `margin` rows
   *  above and twice that below, so that scrolling a little shows drawn rows. */
  static visibleRows(scrollTop, viewHeight, rowHeight, count, margin = 8) {
    const first = Math.min(count, Math.max(0, Math.floor(scrollTop / rowHeight) - margin));
    const last = Math.min(count, first + Math.ceil(viewHeight / rowHeight) + 2 * margin);
    return [first, last];
  }
}

if (typeof module === 'object' && module.exports) module.exports = TimelineFilter;
