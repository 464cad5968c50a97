// The page's data (ReportData.swift, laid out in Docs/report-data.schema.json) with what the page
// derives from it once: each node's index by id, what each depends on and what depends on it,
// each entry's position by its number and what it caused, the texts search reads. A live
// report's model grows as what arrived is appended (`extend`). Pure functions, checked by
// `node --test` (Tests/ReportScriptTests/report-model.test.js).
//
// ```js
// const model = ReportModel.create(JSON.parse(document.getElementById('report-data').textContent));
// ReportModel.valueAt(model, model.indexOfId.get('Cart.total'), 3);  // its value as of entry 3
// ```
class ReportModel {

  /** The model of the page's data: the data's own `nodes`, `edges` and `timeline`, and what is
   *  derived from them. */
  static create(data) {
    const nodes = data.nodes;
    const timeline = data.timeline;
    const indexOfId = new Map(nodes.map((node, index) => [node.id, index]));
    const dependencies = nodes.map(() => []);
    const dependents = nodes.map(() => []);
    for (const [from, to] of data.edges) {
      if (from < 0 || to < 0) continue; // an edge to a node the snapshot does not hold
      dependencies[to].push(from);
      dependents[from].push(to);
    }
    const positions = Causality.indexBySeq(timeline);
    const subscriptions = data.subscriptions ?? [];
    return {
      data,
      nodes,
      edges: data.edges,
      timeline,
      indexOfId,
      dependencies,
      dependents,
      positions,
      consequences: Causality.consequences(timeline, positions),
      withHistory: nodes.map((_, index) => index).filter((index) => nodes[index].history),
      differing: nodes.map((_, index) => index).filter((index) => nodes[index].difference),
      subscriptions,
      subscriptionOfId: new Map(subscriptions.map((subscription) => [subscription.id, subscription])),
      searchTexts: nodes.map((node) => ReportModel.searchText(node)),
      slowest: ReportModel.slowest(nodes),
      overview: data.overview ?? null,
      shape: data.shape ?? null,
      dropped: data.dropped ?? {},
    };
  }

  /** Node `index`'s value as of entry `entry` (an index; -1 for none chosen) where its history
   *  says, else its latest; `undefined` where not known. */
  static valueAt(model, index, entry) {
    const node = model.nodes[index];
    if (entry >= 0 && node.history) return Causality.valueAsOf(node.history, Causality.boundOf(model.timeline, entry));
    return node.value;
  }

  /** The number of the latest entry, or null for a timeline without numbered entries. */
  static latestSeq(model) {
    const timeline = model.timeline;
    return timeline.length ? timeline[timeline.length - 1].seq ?? null : null;
  }

  /** Appends what a live session sent after this model's latest entry (`delta`: the entries
   *  after it, and the nodes they touched with their histories' new changes). Returns the
   *  indexes of the nodes it changed. */
  static extend(model, delta) {
    const touched = [];
    for (const change of delta.nodes ?? []) {
      const index = change.index;
      const node = model.nodes[index];
      if (!node) continue;
      touched.push(index);
      for (const key of ['value', 'status', 'error', 'evaluations', 'subscribers', 'heat', 'structure']) {
        if (key in change) node[key] = change[key]; else if (key === 'error') delete node.error;
      }
      if (change.history) {
        if (!node.history) {
          node.history = { first: change.history.first, changes: [] };
          if (change.history.unknownFirst) node.history.unknownFirst = true;
          model.withHistory.push(index);
        }
        node.history.changes.push(...change.history.changes);
      }
      model.searchTexts[index] = ReportModel.searchText(node);
    }
    for (const entry of delta.timeline ?? []) {
      if (entry.seq !== undefined && model.positions.has(entry.seq)) continue;
      const index = model.timeline.length;
      model.timeline.push(entry);
      model.consequences.push([]);
      if (entry.seq !== undefined) model.positions.set(entry.seq, index);
      const cause = entry.cause === undefined ? undefined : model.positions.get(entry.cause);
      if (cause !== undefined && cause !== index) model.consequences[cause].push(index);
    }
    if (touched.length) model.slowest = ReportModel.slowest(model.nodes);
    return touched;
  }

  /** Every index reachable from `start` along `next` (an array of arrays of indexes) in at
   *  most `depth` steps (all, by default), not counting `start` itself: what a node depends
   *  on, or what depends on it, to that depth. Breadth first, so a node reached by a short
   *  and a long path counts at the short one's depth; no recursion. */
  static reach(start, next, depth = Infinity) {
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
  static selectionDepth(choice) {
    const depth = Number.parseInt(choice, 10);
    return Number.isFinite(depth) && depth > 0 ? depth : Infinity;
  }

  /** What the selection of node `index` marks at depth `choice`: its upstream and downstream
   *  (sets of indexes), and the edges among them (`upstream` and `downstream`, edge indexes). */
  static marked(model, index, choice) {
    const depth = ReportModel.selectionDepth(choice);
    const upstream = ReportModel.reach(index, model.dependencies, depth);
    const downstream = ReportModel.reach(index, model.dependents, depth);
    const edges = { upstream: [], downstream: [] };
    model.edges.forEach(([from, to], edge) => {
      if (upstream.has(from) && (to === index || upstream.has(to))) edges.upstream.push(edge);
      if (downstream.has(to) && (from === index || downstream.has(from))) edges.downstream.push(edge);
    });
    return { upstream, downstream, edges };
  }

  /** The text a node is searched by: its id, label and value, lower-cased. */
  static searchText(node) {
    return [node.id, node.label || '', node.value || ''].join('\n').toLowerCase();
  }

  /** The indexes of the texts (from `searchText`) that hold `query`, ignoring case; none for
   *  an empty query. */
  static searchMatches(texts, query) {
    const lowered = query.toLowerCase();
    if (!lowered) return [];
    const matches = [];
    texts.forEach((text, index) => { if (text.includes(lowered)) matches.push(index); });
    return matches;
  }

  /** The match Enter selects: the node whose id is the query, else one whose id or label is
   *  it ignoring case, else the first match; `undefined` when nothing matched. */
  static chooseMatch(nodes, matches, query) {
    const lowered = query.toLowerCase();
    return matches.find((index) => nodes[index].id === query)
      ?? matches.find((index) => nodes[index].id.toLowerCase() === lowered
        || (nodes[index].label || '').toLowerCase() === lowered)
      ?? matches[0];
  }

  /** The nodes with heat, slowest first by their hottest measure (`heat.nanos`), at most
   *  `limit`. */
  static slowest(nodes, limit = 10) {
    return nodes.map((node, index) => [index, node.heat ? node.heat.nanos ?? 0 : -1])
      .filter(([, nanos]) => nanos > 0)
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(([index]) => index);
  }
}

if (typeof module === 'object' && module.exports) module.exports = ReportModel;
