// A node's details: its facts, its value as of the chosen entry (else its latest), its previous
// and next change, why it has its value (the chain `why --at` prints), a store's or slice's
// state as a tree (state-tree.js), its dependencies and dependents, its subscriptions and its
// history (as `trace --node` lists it).
class NodeDetails {
  /** `subscription` in a line: its name, calls and times. */
  static subscriptionText(subscription) {
    const facts = [`${subscription.calls} call${Number(subscription.calls) === 1 ? '' : 's'}`];
    if (subscription.mean) facts.push(`mean ${subscription.mean}`);
    if (subscription.max) facts.push(`max ${subscription.max}`);
    if (subscription.ended) facts.push('ended');
    return `${subscription.name} (${facts.join(', ')})`;
  }

  /** The title of the subscriptions the recording holds (views, scopes), which may have
   *  ended: `Subscriptions recorded (3, 1 ended)`; the facts' "subscribers now" counts those
   *  the node has now. */
  static subscriptionsTitle(subscriptions) {
    const ended = subscriptions.filter((subscription) => subscription.ended).length;
    return `Subscriptions recorded (${subscriptions.length}${ended ? `, ${ended} ended` : ''})`;
  }

  /** Where the value is as of: `#74`, or the words for an action older than the timeline. */
  static stepName(entry) {
    return entry.seq !== undefined ? `#${PageText.entryNumber(entry)}` : 'an action older than the timeline';
  }

  /** Fills `details` with node `state.node`'s details as of entry `state.entry`; `appendTools`
   *  adds a host's tools (see details.js). */
  static build(page, details, state, appendTools) {
    const { model } = page;
    const index = state.node;
    const node = model.nodes[index];
    details.append(DetailsParts.heading(node.label || node.id), NodeDetails.facts(model, node));
    appendTools('node', { id: node.id, kind: node.kind, async: Boolean(node.async), value: node.value, owner: node.owner, status: node.status });
    // In a drawing of a difference: what changed, old → new.
    if (node.changed) details.append(DetailsParts.section(`Difference: ${node.difference}`, DetailsParts.differenceBody(node.changed)));
    NodeDetails.appendValue(details, model, index, state.entry);
    NodeDetails.appendWhy(details, model, index, state.entry);
    if (node.structure) details.append(StateTree.section(page, index, state.entry));
    NodeDetails.appendNeighbours(details, model, index);
    NodeDetails.appendHistory(details, model, index);
  }

  /** What is known of `node`, as a definition list. */
  static facts(model, node) {
    const evaluations = node.evaluations;
    const owner = node.owner !== undefined && model.indexOfId.has(node.owner)
      ? DetailsParts.nodeLink(model, model.indexOfId.get(node.owner)) : node.owner;
    return DetailsParts.definitionList([
      ['id', node.id],
      ['difference', node.difference],
      ['kind', node.kind + (node.async ? ' (async)' : '')],
      ['label', node.label],
      ['value type', node.valueType],
      ['status', node.status],
      ['error', node.error],
      ['subscribers now', node.subscribers],
      ['evaluations', evaluations && `${evaluations.count}` + (PageText.wholeLess(evaluations.timed, evaluations.count) ? ` (${evaluations.timed} timed)` : '')],
      ['total', evaluations && evaluations.total],
      ['mean', evaluations && evaluations.mean],
      ['max', evaluations && evaluations.max],
      ['last', evaluations && evaluations.last],
      ['family', node.family],
      ['parameter', node.parameter],
      ['store', owner],
    ]);
  }

  /** One value, as of the chosen entry where the node's history says, else the latest, said
   *  so; then its previous and next change from the chosen entry (or from the start). */
  static appendValue(details, model, index, current) {
    const node = model.nodes[index];
    const { section, entryLink } = DetailsParts;
    if (current >= 0 && node.history) {
      const value = ReportModel.valueAt(model, index, current);
      const shown = value === undefined ? `not known before #${node.history.changes[0][0]}` : value ?? '∅';
      details.append(section(`Value as of ${NodeDetails.stepName(model.timeline[current])}`, PageDOM.make('pre', 'value', shown, true)));
    } else if (node.value !== undefined) {
      // A node without a history is the same at every step, except a store or slice changed
      // only below its own path, whose whole value the recording does not hold at each step.
      const partial = node.kind === 'store' || node.kind === 'slice';
      const title = current < 0 ? 'Value' : partial ? 'Latest value (changed only below its path; see History)' : 'Value (the same at every recorded step)';
      details.append(section(title, PageDOM.make('pre', 'value', node.value, true)));
    }
    if (!node.history) return;
    const changes = Causality.changeEntries(model.positions, node.history);
    const steps = PageDOM.make('p', 'steps');
    if (current < 0) {
      // No entry chosen (the latest values): its first and latest changes, not a "next" of nothing.
      if (changes.length) steps.append(entryLink(changes[0], 'its first change'), ' · ', entryLink(changes[changes.length - 1], 'its latest change'));
      else steps.append(PageDOM.make('span', 'hint', 'no change recorded'));
    } else {
      const { previous, next } = Causality.neighbours(changes, current);
      steps.append(
        previous !== undefined ? entryLink(previous, '← previous change') : PageDOM.make('span', 'hint', 'no earlier change'),
        ' · ',
        next !== undefined ? entryLink(next, 'next change →') : PageDOM.make('span', 'hint', 'no later change'));
    }
    details.append(section(`Changes (${changes.length})`, steps));
  }

  /** Why it has the value it has (as of the chosen entry): the chain `why --at` prints. */
  static appendWhy(details, model, index, current) {
    const { timeline, nodes, positions } = model;
    const bound = current >= 0 ? Causality.boundOf(timeline, current) : Infinity;
    const about = Causality.whyEntry(timeline, nodes, index, bound);
    if (about === undefined) return;
    const chain = Causality.chainTo(timeline, positions, about);
    const asOf = current >= 0 ? `as of #${timeline[current].seq !== undefined ? PageText.entryNumber(timeline[current]) : '—'}` : 'latest';
    details.append(DetailsParts.section(`Why (${asOf})`, DetailsParts.entryList(model, chain, 'why', 'ol')));
  }

  /** Its dependencies and dependents, and the subscriptions (views, scopes) it reaches. */
  static appendNeighbours(details, model, index) {
    const { section, linkList } = DetailsParts;
    details.append(section(`Dependencies (${model.dependencies[index].length})`, linkList(model, model.dependencies[index], 'None.')));
    details.append(section(`Dependents (${model.dependents[index].length})`, linkList(model, model.dependents[index], 'None.')));
    const own = model.subscriptions.filter((subscription) => subscription.node === index);
    if (!own.length) return;
    const list = PageDOM.make('ul', 'subscriptions');
    for (const subscription of own) list.append(PageDOM.make('li', null, NodeDetails.subscriptionText(subscription)));
    details.append(section(NodeDetails.subscriptionsTitle(own), list));
  }

  /** Its history, as `trace --node` prints it: each entry about it with its root cause. */
  static appendHistory(details, model, index) {
    const { timeline, nodes, positions } = model;
    const history = Causality.historyOf(timeline, nodes, index);
    if (!history.length) {
      details.append(DetailsParts.section('History', PageDOM.make('p', 'hint', 'Nothing in the recorded timeline changed or evaluated it.')));
      return;
    }
    const list = PageDOM.make('ul', 'history');
    for (const entryIndex of history.slice(-200)) {
      const item = PageDOM.make('li', timeline[entryIndex].kind);
      item.append(DetailsParts.entryLink(entryIndex, PageText.entryTitle(timeline[entryIndex], nodes)));
      const root = Causality.chainTo(timeline, positions, entryIndex)[0];
      if (root !== entryIndex) item.append(PageDOM.make('span', 'hint', ' ← '), DetailsParts.entryLink(root, PageText.entryTitle(timeline[root], nodes)));
      list.append(item);
    }
    const title = history.length > 200 ? `History (last 200 of ${history.length})` : `History (${history.length})`;
    details.append(DetailsParts.section(title, list));
  }
}

if (typeof module === 'object' && module.exports) module.exports = NodeDetails;
