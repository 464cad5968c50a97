// A neighbourhood's picture (PlanPictures) drawn as SVG, as Graphviz would have drawn it: edges
// from their curves, merged edges with their counts, each node a copy of its own drawing moved
// to its place (from the inside of the group it is in, or from the page's drawing with what the
// page changed on it undone), and an overview's groups from their outlines and label lines.
class PictureDrawing {
  constructor(page) {
    this.page = page;
    this.insides = new Map(); // group key -> its inside's parsed <svg>, for copies of its nodes
  }

  /** `picture` as an <svg>; null when a node's drawing cannot be found. */
  draw(picture, looks) {
    if (!picture) return null;
    const element = PageDOM.svgElement;
    const pad = 4; // Graphviz's margin around a drawing
    const drawn = element('svg', { viewBox: `0 0 ${picture.width + 2 * pad} ${picture.height + 2 * pad}` });
    const layer = element('g', { class: 'graph', transform: `translate(${pad} ${pad})` });
    for (const edge of picture.edges) layer.append(this.#edge(edge));
    for (const edge of picture.merged ?? []) layer.append(this.#mergedEdge(edge, looks));
    for (const { node, dx, dy } of picture.nodes) {
      const copy = this.#copy(node);
      if (!copy) return null;
      copy.setAttribute('transform', `translate(${dx} ${dy})`);
      layer.append(copy);
    }
    for (const group of picture.groups ?? []) layer.append(this.#group(group));
    drawn.append(layer);
    return drawn;
  }

  #edge(edge) {
    const element = PageDOM.svgElement;
    const { nodes, edges } = this.page.model;
    const group = element('g', { id: `e${edge.edge}`, class: edge.dash ? 'edge drives' : 'edge' });
    const [from, to] = edges[edge.edge];
    group.append(element('title', {}, PageText.visible(`${nodes[from].id} → ${nodes[to].id}`)));
    group.append(element('path', { fill: 'none', stroke: edge.stroke, 'stroke-dasharray': edge.dash, d: edge.d }));
    if (edge.arrow) group.append(element('polygon', { fill: edge.stroke, stroke: edge.stroke, points: edge.arrow }));
    return group;
  }

  #mergedEdge(edge, looks) {
    const element = PageDOM.svgElement;
    const group = element('g', { id: edge.id, class: edge.className });
    group.append(element('title', {}, edge.title));
    group.append(element('path', { fill: 'none', stroke: edge.stroke, 'stroke-width': edge.strokeWidth, d: edge.d }));
    if (edge.arrow) group.append(element('polygon', { fill: edge.stroke, stroke: edge.stroke, points: edge.arrow }));
    if (edge.count) {
      group.append(element('text', {
        x: edge.count.x, y: edge.count.y, 'font-family': 'Helvetica,sans-Serif', 'font-size': 9, fill: looks.muted,
      }, edge.count.text));
    }
    return group;
  }

  #group(group) {
    const element = PageDOM.svgElement;
    const drawn = element('g', { id: group.id, class: group.className });
    drawn.append(element('title', {}, group.title));
    for (const d of group.outline) {
      drawn.append(element('path', {
        fill: group.fill, stroke: group.stroke, 'stroke-width': group.strokeWidth, 'stroke-dasharray': group.dash, d,
      }));
    }
    for (const text of group.texts) {
      drawn.append(element('text', {
        'text-anchor': 'middle', x: text.x, y: text.y, 'font-family': 'Helvetica,sans-Serif',
        'font-weight': text.weight, 'font-size': text.size, fill: text.fill,
      }, text.text));
    }
    return drawn;
  }

  // A copy of node `index`'s drawing as Graphviz drew it: from the inside of the group it is in
  // (parsed once), or from the page's own drawing with what the page changed on it undone.
  #copy(index) {
    const page = this.page;
    const key = page.groups.groupOf(index);
    if (key >= 0) {
      if (!this.insides.has(key)) {
        const text = page.groups.source(key);
        this.insides.set(key, text === undefined ? null : PageDOM.parseDrawing(text));
      }
      const element = this.insides.get(key)?.querySelector(`g.node[id="n${index}"]`);
      return element ? document.importNode(element, true) : null;
    }
    const element = page.drawing.svg.querySelector(`g.node[id="n${index}"]`);
    if (!element) return null;
    const copy = element.cloneNode(true);
    copy.setAttribute('class', element.dataset.drawnClass ?? element.getAttribute('class'));
    for (const name of ['tabindex', 'role', 'aria-label', 'data-value', 'data-drawn-class']) copy.removeAttribute(name);
    const parts = element.querySelectorAll('ellipse, polygon, path, text');
    copy.querySelectorAll('ellipse, polygon, path, text').forEach((part, at) => {
      if (!page.marks.hasOriginalFill(parts[at])) return;
      const fill = page.marks.originalFill(parts[at]);
      if (fill === null) part.removeAttribute('fill'); else part.setAttribute('fill', fill);
      part.style.removeProperty('fill');
    });
    return copy;
  }
}
