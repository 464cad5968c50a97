// The values in the graph, as of the chosen entry: each node's `data-value`, and its label's
// value line (`= …`, the first line after the bold name that starts with "= "), written where
// the node's history says it differs from what it shows; and each label's evaluation count and
// total from the data. A live report can keep a layout drawn for older values (see
// LiveReport.swift), so a line is found by its place, not its text.
class GraphLabels {
  /** The evaluation line a label shows for `evaluations` (`3 evals · 1.2 ms`), or null where
   *  the label's own is kept (a sampled total, which it shows as an estimate). */
  static evaluationLine(evaluations) {
    if (!evaluations || PageText.wholeLess(evaluations.timed, evaluations.count)) return null;
    return `${evaluations.count} eval${Number(evaluations.count) === 1 ? '' : 's'} · ${evaluations.total}`;
  }

  /** The width a label `line` (`{x, y, size, anchor}`: where it is anchored, its baseline,
   *  font size and `text-anchor`) has inside a node's `shape` (`{kind: 'ellipse', cx, cy, rx,
   *  ry}` or `{kind: 'box', left, right}`), `padding` from its edges: an ellipse's edges at the
   *  line's top or bottom, whichever is narrower. */
  static room(shape, line, padding = 5) {
    let [left, right] = [shape.left, shape.right];
    if (shape.kind === 'ellipse') {
      const farthest = Math.max(Math.abs(line.y - line.size * 0.8 - shape.cy), Math.abs(line.y + line.size * 0.2 - shape.cy));
      if (farthest >= shape.ry) return 0;
      const half = shape.rx * Math.sqrt(1 - (farthest / shape.ry) ** 2);
      [left, right] = [shape.cx - half, shape.cx + half];
    }
    [left, right] = [left + padding, right - padding];
    if (line.anchor === 'middle') return Math.max(0, 2 * Math.min(right - line.x, line.x - left));
    if (line.anchor === 'end') return Math.max(0, line.x - left);
    return Math.max(0, right - line.x);
  }

  /** `text` cut (at a character, with "…") to the longest that `fits`, a function of a
   *  candidate; `text` itself when it fits. A binary search: a few measures, not one a
   *  character. */
  static cutToFit(text, fits) {
    if (fits(text)) return text;
    const characters = Array.from(text);
    let [low, high] = [0, characters.length - 1];
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(characters.slice(0, middle).join('') + '…')) low = middle; else high = middle - 1;
    }
    return characters.slice(0, low).join('') + '…';
  }

  constructor(page) {
    this.page = page;
    // Per node: the element its lines were found in, its value line, and the value it shows.
    this.lines = [];
    page.on(['entry'], (_, previous) => this.#write(previous === null));
    page.drawing.onChange(() => this.#write(true));
  }

  /** After a live delta: the touched nodes' evaluation lines, and every value again. */
  modelChanged(touched) {
    for (const index of touched) this.lines[index] = undefined;
    this.#write(true);
  }

  /** After the model was replaced (a newer layout): every line found afresh. */
  reset() {
    this.lines = [];
  }

  #linesOf(index) {
    const element = this.page.drawing.nodes[index];
    const known = this.lines[index];
    if (known && known.element === element) return known;
    const found = { element, value: null, shown: null };
    if (element) {
      const node = this.page.model.nodes[index];
      const texts = [...element.querySelectorAll('text')].filter((text) => text.getAttribute('font-weight') !== 'bold');
      if (node.value !== undefined) found.value = texts.find((text) => text.textContent.startsWith('= ')) ?? null;
      // What Graphviz made room for: a longer value is measured against the node's shape.
      found.drawnLength = found.value ? found.value.textContent.length : 0;
      const line = GraphLabels.evaluationLine(node.evaluations);
      const counted = line && texts.find((text) => /^\d+ evals? · /.test(text.textContent));
      if (counted) counted.textContent = line;
    }
    this.lines[index] = found;
    return found;
  }

  // Every node's value as of the chosen entry, where it differs from what it shows. Only nodes
  // with a history can differ from the latest, so only they are visited after the first time.
  #write(all) {
    const { model, state } = this.page;
    for (const index of all ? model.nodes.keys() : model.withHistory) {
      const found = this.#linesOf(index);
      if (!found.element) continue;
      const value = ReportModel.valueAt(model, index, state.entry);
      if (!all && found.shown === value) continue;
      found.shown = value;
      if (value === undefined || value === null) found.element.removeAttribute('data-value');
      else found.element.setAttribute('data-value', value);
      if (found.value) this.#writeLine(found, '= ' + PageText.labelPreview(value ?? (value === null ? '∅' : '?')));
    }
  }

  // A value line, cut with "…" where it would run out of its node (the whole is in the details).
  #writeLine(found, text) {
    const line = found.value;
    line.textContent = text;
    if (text.length <= found.drawnLength) return;
    found.room ??= this.#roomOf(found.element, line);
    if (found.room === null) return;
    line.textContent = GraphLabels.cutToFit(text, (candidate) => {
      line.textContent = candidate;
      return line.getComputedTextLength() <= found.room;
    });
  }

  // The room a node's shape has for `line`, in the drawing's units; null where unknown.
  #roomOf(element, line) {
    return GraphLabels.roomIn(element, line);
  }

  /** The room node `element`'s shape has for its text `line`, in the drawing's units; null
   *  where the shape is unknown. */
  static roomIn(element, line) {
    const place = {
      x: Number(line.getAttribute('x')), y: Number(line.getAttribute('y')),
      size: Number(line.getAttribute('font-size')) || 10, anchor: line.getAttribute('text-anchor') ?? 'start',
    };
    const ellipses = [...element.querySelectorAll('ellipse')];
    if (ellipses.length) {
      const inner = ellipses.reduce((a, b) => (Number(b.getAttribute('rx')) < Number(a.getAttribute('rx')) ? b : a));
      const [cx, cy, rx, ry] = ['cx', 'cy', 'rx', 'ry'].map((name) => Number(inner.getAttribute(name)));
      return GraphLabels.room({ kind: 'ellipse', cx, cy, rx, ry }, place);
    }
    const outline = element.querySelector('polygon, path');
    if (!outline) return null;
    const box = outline.getBBox();
    return GraphLabels.room({ kind: 'box', left: box.x, right: box.x + box.width }, place);
  }
}

if (typeof module === 'object' && module.exports) module.exports = GraphLabels;
