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
      if (found.value) found.value.textContent = '= ' + PageText.labelPreview(value ?? (value === null ? '∅' : '?'));
    }
  }
}

if (typeof module === 'object' && module.exports) module.exports = GraphLabels;
