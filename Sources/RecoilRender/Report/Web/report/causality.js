// The timeline read as causes and consequences, and nodes' values as of an entry: what an entry
// wrote, what it caused, the chain from its root, the entry a "why" is about, a node's value as
// of an entry from its history. Pure functions of the page's data (see report-model.js), checked
// by `node --test` (Tests/ReportScriptTests/causality.test.js).
class Causality {

  /** The nodes an entry wrote or evaluated: an action's changed store and slices; the node of
   *  any other entry (the atom written, the selector evaluated, the node notified). */
  static writtenBy(entry) {
    if (entry.kind === 'action') {
      const written = new Set();
      for (const change of entry.changes ?? []) for (const index of change.nodes) written.add(index);
      return [...written];
    }
    return entry.node === undefined ? [] : [entry.node];
  }

  /** The position of each numbered entry, by its number. */
  static indexBySeq(timeline) {
    const positions = new Map();
    timeline.forEach((entry, index) => { if (entry.seq !== undefined) positions.set(entry.seq, index); });
    return positions;
  }

  /** The last timeline number "as of" an entry covers: the entry's own (everything up to and
   *  including it). An action older than the timeline (no number) covers nothing recorded. */
  static boundOf(timeline, entryIndex) {
    return timeline[entryIndex].seq ?? -Infinity;
  }

  /** A node's value as of timeline number `bound` (everything up to and including it), from
   *  its history: the last change at or before `bound`, else the value before the first change
   *  (`null` for none, `undefined` where that is not known). A binary search, so a step over 100,000 entries sets
   *  every node's value at once. */
  static valueAsOf(history, bound) {
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
  static changeEntries(positions, history) {
    const found = [];
    for (const [seq] of history.changes) {
      const entry = positions.get(seq);
      if (entry !== undefined && found[found.length - 1] !== entry) found.push(entry);
    }
    return found;
  }

  /** The entries of `changes` (ascending) just before and just after entry `current`; with
   *  none chosen (-1), no previous and the first as next. */
  static neighbours(changes, current) {
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
  static consequences(timeline, positions) {
    const caused = timeline.map(() => []);
    timeline.forEach((entry, index) => {
      const cause = entry.cause === undefined ? undefined : positions.get(entry.cause);
      if (cause !== undefined && cause !== index) caused[cause].push(index);
    });
    return caused;
  }

  /** What an entry caused, directly or not, in order, at most `limit` of them. */
  static causedBy(caused, entryIndex, limit = 100) {
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
  static chainTo(timeline, positions, entryIndex) {
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
  static whyEntry(timeline, nodes, nodeIndex, bound = Infinity) {
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
  static historyOf(timeline, nodes, nodeIndex) {
    const found = [];
    timeline.forEach((entry, index) => {
      if (Causality.touches(entry, nodes, nodeIndex)) found.push(index);
    });
    return found;
  }

  /** Whether an entry is about a node: it names the node, or (for a store) the entry is the
   *  store's, or (an action) one of its changes wrote the node. */
  static touches(entry, nodes, nodeIndex) {
    if (entry.node === nodeIndex) return true;
    if (nodes[nodeIndex].kind === 'store' && entry.store === nodes[nodeIndex].id) return true;
    return entry.kind === 'action' && (entry.changes ?? []).some((change) => change.nodes.includes(nodeIndex));
  }
}

if (typeof module === 'object' && module.exports) module.exports = Causality;
