// The details panel (`#details`), drawn from the state's `shows`: the selected node (see
// node-details.js), the chosen entry (entry-details.js), or what the page opened with (a hint,
// a difference's rows, the slowest nodes). It is made again in place (PageDOM.rebuild), so
// what is typed in it, keyboard focus and its scroll survive. A link in it chooses its node or
// entry. A host page (the live page) adds tools: `tools.node(node, box)` and
// `tools.entry(entry, box)` fill a section, or leave it empty.
class Details {
  constructor(page) {
    this.page = page;
    this.panel = document.getElementById('details');
    this.atStart = [...this.panel.childNodes].map((child) => child.cloneNode(true));
    this.tools = null;
    page.on(['shows', 'node', 'entry'], () => this.refresh());
    this.panel.addEventListener('click', (event) => {
      const link = event.target.closest('[data-target-id], [data-step]');
      if (!link) return;
      event.preventDefault();
      if (link.hasAttribute('data-step')) {
        page.choose(Number(link.getAttribute('data-step')));
      } else {
        const index = page.model.indexOfId.get(link.getAttribute('data-target-id'));
        page.select(index);
        page.view.bringIntoView(index);
      }
    });
  }

  /** Draws the details again (the state, or the data under them, changed). */
  refresh() {
    const state = this.page.state;
    // What the details show, for the style (a phone gives a node's or entry's details room).
    document.body.dataset.shows = state.shows;
    const appendTools = (kind, about) => this.#appendTools(kind, about);
    PageDOM.rebuild(this.panel, () => {
      if (state.shows === 'node' && state.node !== null) NodeDetails.build(this.page, this.panel, state, appendTools);
      else if (state.shows === 'entry' && state.entry >= 0) EntryDetails.build(this.page, this.panel, state, appendTools);
      else this.#startPanel();
    });
  }

  /** A host's tools (see above); the details shown get them now. */
  setTools(tools) {
    this.tools = tools ?? null;
    this.refresh();
  }

  // A difference's rows, a node per row, and the slowest nodes: the panel the page opens with.
  #startPanel() {
    const model = this.page.model;
    const { make } = PageDOM;
    this.panel.append(...this.atStart.map((child) => child.cloneNode(true)));
    if (model.differing.length) {
      const list = make('div');
      list.id = 'changes';
      for (const index of model.differing) {
        const row = make('div', 'difference');
        row.setAttribute('data-node', model.nodes[index].id);
        row.append(make('span', 'mark', model.nodes[index].difference), DetailsParts.nodeLink(model, index));
        if (model.nodes[index].changed) row.append(DetailsParts.differenceBody(model.nodes[index].changed));
        list.append(row);
      }
      this.panel.append(DetailsParts.section(`Differences (${model.differing.length})`, list));
    }
    if (model.slowest.length) {
      const list = make('ol', 'slowest');
      for (const index of model.slowest) {
        const item = make('li');
        item.append(DetailsParts.nodeLink(model, index), make('span', 'hint', ` ${model.nodes[index].heat.label}`));
        list.append(item);
      }
      this.panel.append(DetailsParts.section('Slowest', list));
    }
  }

  // The host's tools for `kind` ('node' or 'entry'), in a section of their own; a host's tools
  // never break the details.
  #appendTools(kind, about) {
    const tools = this.tools;
    if (!tools || typeof tools[kind] !== 'function') return;
    const box = PageDOM.make('section', 'tools');
    box.setAttribute('aria-label', kind === 'node' ? 'Change the running app' : 'Move the running app');
    try {
      tools[kind](about, box);
    } catch (error) {
      console.error(error);
      return;
    }
    if (box.childNodes.length) this.panel.append(box);
  }
}
