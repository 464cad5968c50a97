// A timeline entry's details: its facts, the subscriptions a notification reached, an action's
// changes (as lines and as a tree), what it wrote or evaluated, the chain of causes from its
// root, and what it caused in turn.
class EntryDetails {
  /** The "cause" fact: a link to the cause where the timeline holds it, else its number. */
  static causeFact(model, entry) {
    const cause = entry.cause !== undefined ? model.positions.get(entry.cause) : undefined;
    if (cause !== undefined) return DetailsParts.entryLink(cause, PageText.entryTitle(model.timeline[cause], model.nodes));
    if (entry.cause !== undefined || entry.causeText !== undefined) return `#${PageText.causeNumber(entry)} (not recorded)`;
    return undefined;
  }

  /** What a scope's run read: links to the nodes the graph holds, ids for the others. */
  static readsList(model, reads) {
    const list = document.createDocumentFragment();
    reads.forEach((id, position) => {
      if (position > 0) list.append(', ');
      list.append(model.indexOfId.has(id) ? DetailsParts.nodeLink(model, model.indexOfId.get(id)) : id);
    });
    return list;
  }

  /** An action's changes: a line each, then the same as a tree under the parts that hold them. */
  static appendChanges(details, entry) {
    const changes = PageDOM.make('div', 'changes');
    changes.id = 'changes';
    for (const change of entry.changes) changes.append(DetailsParts.changeLine(change));
    if (!entry.changes.length) changes.append(PageDOM.make('p', 'hint', 'No state changed.'));
    details.append(DetailsParts.section(`Changes (${entry.changes.length})`, changes));
    if (!entry.changes.length) return;
    const tree = PageDOM.make('details', 'change-tree');
    tree.setAttribute('data-keep', 'change-tree');
    tree.append(PageDOM.make('summary', null, 'As a tree'));
    for (const row of StateRows.changeTree(entry.changes)) {
      const line = PageDOM.make('div', 'state-row');
      line.setAttribute('data-path', row.path);
      line.style.paddingLeft = `${row.depth * 14}px`;
      line.append(PageDOM.make('span', 'name', row.label));
      if (row.type === undefined) {
        line.append(': ', PageDOM.make('span', 'before', row.before ?? '∅'), ' → ', PageDOM.make('span', 'after', row.after ?? '∅'));
      }
      tree.append(line);
    }
    details.append(tree);
  }

  /** Fills `details` with entry `state.entry`'s details. */
  static build(page, details, state, appendTools) {
    const { model } = page;
    const entryIndex = state.entry;
    const entry = model.timeline[entryIndex];
    const parts = DetailsParts;
    details.append(parts.heading(PageText.entryTitle(entry, model.nodes)));
    const storeIndex = entry.store !== undefined ? model.indexOfId.get(entry.store) : undefined;
    details.append(parts.definitionList([
      ['kind', entry.kind],
      ['node', entry.node !== undefined ? parts.nodeLink(model, entry.node) : entry.id],
      ['store', storeIndex !== undefined ? parts.nodeLink(model, storeIndex) : entry.store],
      ['action', entry.kind === 'action' ? entry.name : undefined],
      ['payload', entry.payload],
      ['name', entry.kind !== 'action' ? entry.name : undefined],
      ['before', entry.before],
      ['after', entry.after],
      ['value', entry.value],
      ['changed', entry.changed === undefined ? undefined : entry.changed ? 'yes' : 'no (wasted work)'],
      ['trigger', entry.trigger],
      ['subscribers', entry.subscribers],
      ['phase', entry.phase],
      ['error', entry.error],
      ['at', entry.at],
      ['took', entry.duration],
      ['site', entry.site],
      ['reads', entry.reads && entry.reads.length ? EntryDetails.readsList(model, entry.reads) : undefined],
      ['cause', EntryDetails.causeFact(model, entry)],
    ]));
    appendTools('entry', { seq: entry.seq, seqText: entry.seqText, kind: entry.kind, store: entry.store, name: entry.name });
    // A notification: the subscriptions it reached, each with its callback's time when timed.
    if (entry.reached && entry.reached.length) {
      const list = PageDOM.make('ul', 'reached');
      for (const reach of entry.reached) {
        const subscription = model.subscriptionOfId.get(reach.id);
        const name = subscription ? subscription.name : `subscription ${reach.id}`;
        list.append(PageDOM.make('li', null, reach.duration ? `${name} · ${reach.duration}` : name));
      }
      details.append(parts.section(`Reached (${entry.reached.length})`, list));
    }
    if (entry.kind === 'action') EntryDetails.appendChanges(details, entry);
    const written = Causality.writtenBy(entry);
    if (written.length) details.append(parts.section(entry.kind === 'evaluation' ? 'Evaluated' : 'Wrote', parts.linkList(model, written, '')));
    if (entry.cause !== undefined && model.positions.has(entry.cause)) {
      const chain = Causality.chainTo(model.timeline, model.positions, entryIndex);
      details.append(parts.section(`Why (${chain.length} step${chain.length === 1 ? '' : 's'} from its root)`, parts.entryList(model, chain, 'why')));
    }
    // What it caused, directly or not: notifications, the atoms subscribers wrote, the
    // evaluations and effects that followed.
    const caused = Causality.causedBy(model.consequences, entryIndex);
    if (caused.length) details.append(parts.section(`Caused (${caused.length}${caused.length >= 100 ? '+' : ''})`, parts.entryList(model, caused, 'caused')));
  }

}
