// A store's or slice's state as a tree (`#state`), as of the chosen entry: its latest rows (the
// node's `structure`) with the changes of the store's later actions undone (StateRows). Parts
// stay folded or open as the user left them; a search keeps the rows that match and the rows
// they are inside.
class StateTree {
  // What the user folded and searched, kept across nodes and entries.
  static foldedPaths = new Set();
  static query = '';

  /** The changes to undo to go from node `index`'s latest rows back to entry `current`: the
   *  later actions' changes at or inside its path, latest first. */
  static undoneAfter(model, index, current) {
    const node = model.nodes[index];
    const root = node.structure[0] ? node.structure[0].path : '';
    const store = node.kind === 'store' ? node.id : node.owner;
    const undo = [];
    const bound = current >= 0 ? Causality.boundOf(model.timeline, current) : Infinity;
    for (let entryIndex = model.timeline.length - 1; entryIndex >= 0; entryIndex--) {
      const entry = model.timeline[entryIndex];
      if (entry.seq === undefined || entry.seq <= bound) break;
      if (entry.kind !== 'action' || entry.store !== store) continue;
      for (let position = entry.changes.length - 1; position >= 0; position--) {
        const change = entry.changes[position];
        if (change.path === root || StateRows.isInside(change.path, root)) undo.push(change);
      }
    }
    return undo;
  }

  /** Node `index`'s tree rows as of entry `current` (-1: the latest). */
  static rowsAsOf(model, index, current) {
    return StateRows.treeRows(StateRows.structureAsOf(model.nodes[index].structure, StateTree.undoneAfter(model, index, current)));
  }

  static draw(container, rows) {
    const kept = new Set(StateRows.treeMatches(rows, StateTree.query));
    const fragment = document.createDocumentFragment();
    const hiddenUnder = [];
    rows.forEach((row, position) => {
      while (hiddenUnder.length && !StateRows.isInside(row.path, hiddenUnder[hiddenUnder.length - 1])) hiddenUnder.pop();
      if (!kept.has(position) || hiddenUnder.length) return;
      const line = PageDOM.make('div', 'state-row');
      line.setAttribute('data-path', row.path);
      line.setAttribute('role', 'treeitem');
      line.setAttribute('aria-level', String(row.depth + 1));
      line.style.paddingLeft = `${row.depth * 14}px`;
      const folded = !StateTree.query && StateTree.foldedPaths.has(row.path);
      if (row.hasChildren) {
        const toggle = PageDOM.make('button', 'fold', folded ? '▸' : '▾');
        toggle.type = 'button';
        toggle.setAttribute('aria-label', `${folded ? 'Open' : 'Fold'} ${row.label}`);
        toggle.setAttribute('data-fold', row.path);
        line.setAttribute('aria-expanded', String(!folded));
        line.append(toggle);
        if (folded) hiddenUnder.push(row.path);
      } else {
        line.append(PageDOM.make('span', 'fold-space'));
      }
      line.append(PageDOM.make('span', 'name', row.label));
      if (row.value !== undefined) line.append(': ', PageDOM.make('span', 'value', row.value));
      else if (row.type) line.append(' ', PageDOM.make('span', 'hint', row.type));
      if (row.value === undefined && !row.hasChildren) line.append(' ', PageDOM.make('span', 'hint', 'empty'));
      if (row.more) line.append(' ', PageDOM.make('span', 'hint', `… ${row.more} more`));
      fragment.append(line);
    });
    container.replaceChildren(fragment);
  }

  /** The "State" section of node `index`'s details as of entry `current`. */
  static section(page, index, current) {
    const { timeline } = page.model;
    const rows = StateTree.rowsAsOf(page.model, index, current);
    const body = PageDOM.make('div');
    const find = PageDOM.make('input');
    find.id = 'state-search';
    find.type = 'search';
    find.placeholder = 'Search the state';
    find.setAttribute('aria-label', 'Search the state by path or value');
    find.setAttribute('data-keep', 'state-search');
    find.value = StateTree.query;
    const tree = PageDOM.make('div');
    tree.id = 'state';
    tree.setAttribute('role', 'tree');
    StateTree.draw(tree, rows);
    find.addEventListener('input', () => {
      StateTree.query = find.value;
      StateTree.draw(tree, rows);
    });
    tree.addEventListener('click', (event) => {
      const toggle = event.target.closest('[data-fold]');
      if (!toggle) return;
      const path = toggle.getAttribute('data-fold');
      if (StateTree.foldedPaths.has(path)) StateTree.foldedPaths.delete(path); else StateTree.foldedPaths.add(path);
      StateTree.draw(tree, rows);
      const again = tree.querySelector(`[data-fold="${CSS.escape(path)}"]`);
      if (again) again.focus();
    });
    body.append(find, tree);
    const title = current >= 0 && timeline[current].seq !== undefined ? `State as of #${PageText.entryNumber(timeline[current])}` : 'State';
    return DetailsParts.section(title, body);
  }

}

if (typeof module === 'object' && module.exports) module.exports = StateTree;
