// Focus (the state's `focus`, the toolbar's focus button and `f`): only the selected node and
// what the selection marks (to the chosen depth), fitted to the view, until focus is turned
// off, which brings back the whole graph and the view it had. The page has no layout engine:
// the neighbourhood is laid out by Graphviz (neighbourhoods.js), or keeps the whole graph's
// places where there is no layout of it, said so in a note over the graph.
class Focus {
  /** The note over a neighbourhood shown in the whole graph's places. */
  static inPlaceNote(count, why) {
    return `${count.toLocaleString('en-US')} nodes in the whole graph's places: ${why}`;
  }

  constructor(page) {
    this.page = page;
    this.graph = document.getElementById('graph');
    this.button = document.getElementById('focus');
    this.note = Object.assign(document.createElement('p'), { id: 'graph-note', hidden: true });
    this.graph.append(this.note);
    this.before = null; // the view before focus, while focus is on
    this.names = new FamilyNames(page); // family members named whole while their boxes are hidden
    page.on(['focus', 'node', 'depth'], (state, previous) => this.#draw(state, previous));
    this.button.addEventListener('click', () => page.setFocus(!page.state.focus));
  }

  #draw(state, previous) {
    const on = state.focus && state.node !== null;
    const button = this.button;
    this.graph.classList.toggle('focused', on);
    button.disabled = state.node === null;
    button.setAttribute('aria-pressed', String(on));
    button.textContent = on ? 'whole' : 'focus';
    button.title = on ? 'Show the whole graph again (f)' : 'Show only the selected node and what it marks (f)';
    if (on) {
      if (this.before === null) this.before = previous ? previous.view : state.view;
      this.#show(state.node, state.depth);
    } else if (this.before !== null) {
      this.names.restore();
      this.page.neighbourhoods.hide();
      this.#showNote(null);
      const view = this.before;
      this.before = null;
      this.page.set({ view }, { record: false });
    }
  }

  #showNote(text) {
    this.note.hidden = text === null;
    this.note.textContent = text === null ? '' : PageText.visible(text);
  }

  #stillWanted(index, depth) {
    const state = this.page.state;
    return state.focus && state.node === index && state.depth === depth;
  }

  // The neighbourhood laid out on its own where there is a layout of it, else in place.
  #show(index, depth) {
    const shown = this.page.neighbourhoods.show(index, depth);
    if (shown && shown.then) {
      shown.then((laidOut) => {
        if (!this.#stillWanted(index, depth)) return;
        if (laidOut) this.#fitShown(index, laidOut); else this.#inPlace(index, depth);
      });
    } else if (shown) {
      this.#fitShown(index, shown);
    } else {
      this.#inPlace(index, depth);
    }
  }

  #fitShown(index, { note, count }) {
    this.#showNote(note);
    this.page.view.fitSize(this.page.neighbourhoods.shownSize(), note === null ? 0 : this.note.offsetHeight + 8);
    PageDOM.announce(`Focused on ${this.page.model.nodes[index].id}: ${note ?? `${count} nodes, laid out on their own`}`);
  }

  // The neighbourhood in the whole graph's places: the groups holding it opened where few
  // enough, the rest hidden (CSS), its nodes fitted to the view.
  #inPlace(index, depth) {
    const page = this.page;
    page.neighbourhoods.hide();
    const finish = () => {
      if (!this.#stillWanted(index, depth) || page.neighbourhoods.isShown()) return;
      const elements = [...this.graph.querySelectorAll('g.node.selected[data-node-id], g.node.upstream[data-node-id], g.node.downstream[data-node-id]')];
      const marked = elements.map((element) => page.model.indexOfId.get(element.getAttribute('data-node-id')));
      this.names.restore();
      this.names.show(elements); // their families' boxes are hidden
      const text = Focus.inPlaceNote(marked.length, page.neighbourhoods.why(depth));
      this.#showNote(text);
      page.view.fitNodes(marked, this.note.offsetHeight + 8);
      PageDOM.announce(`Focused on ${page.model.nodes[index].id}: ${text}`);
    };
    const revealing = this.#revealMarked(index, depth);
    if (revealing) revealing.then(finish); else finish();
  }

  // Opens the groups that hold what the selection marks, when that is few enough nodes to show
  // in place (a promise when an inside must first be asked for).
  #revealMarked(index, depth) {
    const page = this.page;
    if (!page.groups.isOverview) return undefined;
    const { upstream, downstream } = ReportModel.marked(page.model, index, depth);
    const marked = [index, ...upstream, ...downstream];
    if (marked.length > 200) return undefined;
    let pending;
    for (const node of marked) {
      if (page.drawing.nodes[node]) continue;
      pending = pending ? pending.then(() => page.groups.reveal(node)) : page.groups.reveal(node);
    }
    return pending;
  }
}

if (typeof module === 'object' && module.exports) module.exports = Focus;
