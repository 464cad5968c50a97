// Marks on the graph, drawn from the state: the selected node with what it depends on
// (upstream) and what depends on it (downstream) to the chosen depth, and the edges between; what
// the chosen entry wrote; heat (each node's fill by its evaluation time; failed nodes keep their
// red); the kinds hidden; in a difference, what differs and "only what changed". A node inside
// a closed group marks the group. The toolbar's depth menu, heat toggle, kind boxes and "only
// what changed" set the state.
class GraphMarks {
  constructor(page) {
    this.page = page;
    this.selectionMarks = []; // [element, class name]: the next selection clears only these
    this.writtenMarks = [];
    // The fills Graphviz drew, before heat changed them (copies of nodes take them back, see
    // neighbourhoods.js).
    this.originalFills = new Map();
    page.on(['node', 'depth'], (state) => this.#drawSelection(state));
    page.on(['depth'], (state) => { document.getElementById('depth').value = state.depth; });
    page.on(['entry'], (state) => this.#drawWritten(state));
    page.on(['heat'], (state) => this.#drawHeat(state));
    page.on(['hiddenKinds'], (state) => this.#drawKinds(state));
    page.on(['onlyChanged'], (state) => this.#drawDifference(state));
    page.drawing.onChange(() => {
      const state = page.state;
      this.#drawHeat(state);
      this.#drawKinds(state);
      this.#drawDifference(state);
      this.#drawWritten(state);
      this.#drawSelection(state);
    });
    this.#listen();
  }

  /** Whether heat changed `part`'s fill, and the fill Graphviz gave it. */
  hasOriginalFill(part) {
    return this.originalFills.has(part);
  }
  originalFill(part) {
    return this.originalFills.get(part);
  }

  #nodeOf(index) {
    return this.page.drawing.nodes[index] ?? this.page.groups.shownHolder(index);
  }

  #mark(element, name) {
    if (!element || element.classList.contains(name)) return;
    element.classList.add(name);
    this.selectionMarks.push([element, name]);
  }

  #drawSelection(state) {
    for (const [element, name] of this.selectionMarks) element.classList.remove(name);
    this.selectionMarks.length = 0;
    document.getElementById('graph').classList.toggle('has-selection', state.node !== null);
    if (state.node === null) return;
    const { upstream, downstream, edges } = ReportModel.marked(this.page.model, state.node, state.depth);
    this.#mark(this.#nodeOf(state.node), 'selected');
    for (const other of upstream) this.#mark(this.#nodeOf(other), 'upstream');
    for (const other of downstream) this.#mark(this.#nodeOf(other), 'downstream');
    for (const edge of edges.upstream) this.#mark(this.page.drawing.edges[edge], 'upstream');
    for (const edge of edges.downstream) this.#mark(this.page.drawing.edges[edge], 'downstream');
  }

  #drawWritten(state) {
    for (const element of this.writtenMarks) element.classList.remove('written');
    this.writtenMarks.length = 0;
    if (state.entry < 0) return;
    for (const index of Causality.writtenBy(this.page.model.timeline[state.entry])) {
      const element = this.page.drawing.nodes[index];
      if (!element) continue;
      element.classList.add('written');
      this.writtenMarks.push(element);
    }
  }

  #drawHeat(state) {
    this.page.model.nodes.forEach((node, index) => {
      const element = this.page.drawing.nodes[index];
      if (!node.heat || !element) return;
      const failed = node.status === 'failed' || node.error !== undefined;
      for (const part of element.querySelectorAll('ellipse, polygon, path, text')) {
        if (!this.originalFills.has(part)) this.originalFills.set(part, part.getAttribute('fill'));
        const original = this.originalFills.get(part);
        // Inline, over the style sheet's (a dark theme's) fills.
        if (!state.heat || failed) {
          if (original === null) part.removeAttribute('fill'); else part.setAttribute('fill', original);
          part.style.removeProperty('fill');
        } else if (part.tagName === 'text') {
          part.setAttribute('fill', node.heat.text);
          part.style.fill = node.heat.text;
        } else if (original !== 'none' && original !== 'transparent') {
          part.setAttribute('fill', node.heat.fill);
          part.style.fill = node.heat.fill;
        }
      }
    });
    document.getElementById('heat').checked = state.heat;
    document.getElementById('heat-scale').hidden = !state.heat;
  }

  #drawKinds(state) {
    const hidden = new Set(state.hiddenKinds);
    const { nodes, edges } = this.page.model;
    nodes.forEach((node, index) => this.page.drawing.nodes[index]?.classList.toggle('filtered', hidden.has(node.kind)));
    edges.forEach(([from, to], edge) => {
      const element = this.page.drawing.edges[edge];
      if (element && from >= 0 && to >= 0) element.classList.toggle('filtered', hidden.has(nodes[from].kind) || hidden.has(nodes[to].kind));
    });
    for (const box of document.querySelectorAll('#kinds input[data-kind]')) box.checked = !hidden.has(box.getAttribute('data-kind'));
  }

  #drawDifference(state) {
    const drawing = this.page.drawing;
    for (const index of this.page.model.differing) drawing.nodes[index]?.classList.add('differs');
    const onlyChanged = document.getElementById('only-changed');
    if (!onlyChanged) return;
    const hide = state.onlyChanged;
    onlyChanged.checked = hide;
    this.page.model.nodes.forEach((node, index) => drawing.nodes[index]?.classList.toggle('unchanged', hide && !node.difference));
    this.page.model.edges.forEach((_, edge) => {
      const element = drawing.edges[edge];
      if (element) element.classList.toggle('unchanged', hide && !element.classList.contains('added') && !element.classList.contains('removed'));
    });
  }

  // The toolbar's choices set the state.
  #listen() {
    const page = this.page;
    const depth = document.getElementById('depth');
    const heat = document.getElementById('heat');
    const kindBoxes = [...document.querySelectorAll('#kinds input[data-kind]')];
    depth.addEventListener('change', () => page.set({ depth: depth.value }));
    heat.addEventListener('change', () => page.set({ heat: heat.checked }));
    for (const box of kindBoxes) {
      box.addEventListener('change', () => {
        page.set({ hiddenKinds: kindBoxes.filter((other) => !other.checked).map((other) => other.getAttribute('data-kind')) });
      });
    }
    const onlyChanged = document.getElementById('only-changed');
    onlyChanged?.addEventListener('change', () => page.set({ onlyChanged: onlyChanged.checked }));
  }
}
