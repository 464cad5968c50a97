// The graph's drawing: Graphviz's SVG in `#canvas`, and which element stands for each node
// (`g.node#n<i>`, carrying `data-node-id`) and edge (`#e<k>`) now: the whole graph's, an opened
// group's inside's (overview-groups.js) or a focused neighbourhood's (neighbourhoods.js). When
// they change, `changed()` tells every module that marks elements to mark them again.
class GraphDrawing {
  /** The drawing of `page`'s graph, as the page holds it. */
  constructor(page) {
    this.page = page;
    this.svg = null;
    this.size = { width: 800, height: 600 };
    this.nodes = []; // node index -> its element now, or null where it is not drawn
    this.edges = []; // edge index -> its element now, or null
    this.listeners = [];
    this.show(document.getElementById('canvas').querySelector('svg'));
  }

  /** Calls `listener()` after the elements standing for nodes and edges changed. */
  onChange(listener) {
    this.listeners.push(listener);
  }

  /** Tells the modules that the elements changed. */
  changed() {
    for (const listener of this.listeners) {
      try {
        listener();
      } catch (error) {
        console.error(error);
      }
    }
  }

  /** The nodes and edges drawn in `root` (an opened inside, a neighbourhood) stand for them
   *  from now on; returns the elements they stood in for, to give back later. */
  adopt(root) {
    const replaced = { nodes: new Map(), edges: new Map() };
    for (const element of root.querySelectorAll('g.node[data-node-id]')) {
      const index = this.page.model.indexOfId.get(element.getAttribute('data-node-id'));
      if (index === undefined) continue;
      replaced.nodes.set(index, this.nodes[index]);
      this.nodes[index] = element;
      this.#prepare(element, index);
    }
    for (const element of root.querySelectorAll('g.edge[id^="e"]')) {
      const edge = Number(element.id.slice(1));
      if (!Number.isInteger(edge) || edge < 0 || edge >= this.edges.length) continue;
      replaced.edges.set(edge, this.edges[edge]);
      this.edges[edge] = element;
    }
    return replaced;
  }

  /** Gives back what `adopt` replaced. */
  restore(replaced) {
    for (const [index, element] of replaced.nodes) this.nodes[index] = element;
    for (const [edge, element] of replaced.edges) this.edges[edge] = element;
  }

  /** The nodes and edges drawn in `root` no longer stand for anything (a closed inside). */
  release(root) {
    for (const element of root.querySelectorAll('g.node[data-node-id]')) {
      const index = this.page.model.indexOfId.get(element.getAttribute('data-node-id'));
      if (this.nodes[index] === element) this.nodes[index] = null;
    }
    for (const element of root.querySelectorAll('g.edge[id^="e"]')) {
      const edge = Number(element.id.slice(1));
      if (this.edges[edge] === element) this.edges[edge] = null;
    }
  }

  /** Shows `svg` (the page's own at the start, or a newer layout of the same app). */
  show(svg) {
    if (this.svg && this.svg !== svg) this.svg.replaceWith(svg);
    this.svg = svg;
    const viewBox = svg.viewBox.baseVal;
    this.size = { width: viewBox && viewBox.width ? viewBox.width : 800, height: viewBox && viewBox.height ? viewBox.height : 600 };
    svg.setAttribute('width', String(this.size.width));
    svg.setAttribute('height', String(this.size.height));
    // By id in the document (the drawing is in it): a 30,000-node graph's lookups stay quick.
    this.nodes = this.page.model.nodes.map((_, index) => document.getElementById('n' + index));
    this.edges = this.page.model.edges.map((_, index) => document.getElementById('e' + index));
    this.nodes.forEach((element, index) => element && this.#prepare(element, index));
  }

  // A node takes keyboard focus (Tab) and says what it is; the classes Graphviz gave it are
  // kept for copies of it (see neighbourhoods.js).
  #prepare(element, index) {
    if (element.dataset.drawnClass === undefined) element.dataset.drawnClass = element.getAttribute('class') ?? '';
    if (element.hasAttribute('tabindex')) return;
    const node = this.page.model.nodes[index];
    element.setAttribute('tabindex', '0');
    element.setAttribute('role', 'button');
    element.setAttribute('aria-label', `${node.kind} ${node.id}`);
    element.addEventListener('focus', () => element.classList.add('focused'));
    element.addEventListener('blur', () => element.classList.remove('focused'));
  }
}
