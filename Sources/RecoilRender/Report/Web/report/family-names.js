// Family members away from their family's box: a member's label names only its parameter
// (`("BT-42")`), the box around the family names the family. Where a member is drawn without
// the box (a neighbourhood laid out on its own, focus in the whole graph's places, where boxes
// are hidden) its label names it whole (`Catalog.stock("BT-42")`), cut to fit its node.
class FamilyNames {
  /** The name shown for `node` away from its family's box, or null for a node of no family. */
  static fullName(node) {
    return node.family === undefined || node.family === null ? null : node.id;
  }

  constructor(page) {
    this.page = page;
    this.renamed = []; // [text element, what it said]
  }

  /** Names the family members among node `elements` whole. */
  show(elements) {
    for (const element of elements) {
      const index = this.page.model.indexOfId.get(element.getAttribute('data-node-id'));
      const name = index === undefined ? null : FamilyNames.fullName(this.page.model.nodes[index]);
      const line = name && element.querySelector('text[font-weight="bold"]');
      if (!line || line.textContent === name) continue;
      this.renamed.push([line, line.textContent]);
      const room = GraphLabels.roomIn(element, line);
      line.textContent = room === null ? name : GraphLabels.cutToFit(name, (candidate) => {
        line.textContent = candidate;
        return line.getComputedTextLength() <= room;
      });
    }
  }

  /** Puts the labels back as they were. */
  restore() {
    for (const [line, text] of this.renamed) line.textContent = text;
    this.renamed = [];
  }
}

if (typeof module === 'object' && module.exports) module.exports = FamilyNames;
