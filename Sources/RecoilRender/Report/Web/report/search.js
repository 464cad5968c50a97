// Search (`#search`, the state's `search`): a case-insensitive substring of a node's id, label
// or value marks every match (a node inside a closed group marks the group shown for it) and
// counts them; Enter selects the best match (see ReportModel.chooseMatch) and brings it into
// view; Esc empties the field.
class Search {
  /** The count beside the field: `3 matches (1 in closed groups)`, empty for no query. */
  static countText(query, matches, inClosed) {
    if (!query) return '';
    return `${matches} match${matches === 1 ? '' : 'es'}` + (inClosed ? ` (${inClosed} in closed groups)` : '');
  }

  constructor(page) {
    this.page = page;
    this.field = document.getElementById('search');
    this.matches = [];
    this.marked = [];
    page.on(['search'], (state) => this.#draw(state));
    page.drawing.onChange(() => this.refresh());
    const field = this.field;
    field.addEventListener('input', () => page.set({ search: field.value }, { record: false }));
    field.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.preventDefault();
        page.set({ search: field.value }, { record: false });
        const chosen = ReportModel.chooseMatch(page.model.nodes, this.matches, field.value);
        if (chosen !== undefined) {
          page.select(chosen);
          page.view.bringIntoView(chosen);
        }
      } else if (event.key === 'Escape') {
        page.set({ search: '' }, { record: false });
        field.blur();
      }
    });
  }

  /** Marks the matches again (after the data or the drawing changed). */
  refresh() {
    this.#draw(this.page.state);
  }

  focus() {
    this.field.focus();
    this.field.select();
  }

  #draw(state) {
    for (const element of this.marked) element.classList.remove('match');
    this.marked.length = 0;
    this.matches = ReportModel.searchMatches(this.page.model.searchTexts, state.search);
    let inClosed = 0;
    for (const index of this.matches) {
      let element = this.page.drawing.nodes[index];
      if (!element) {
        // Inside a closed group: the group shown for it is marked, and Enter opens it.
        inClosed += 1;
        element = this.page.groups.shownHolder(index);
      }
      if (element && !element.classList.contains('match')) {
        element.classList.add('match');
        this.marked.push(element);
      }
    }
    document.getElementById('search-count').textContent = Search.countText(state.search, this.matches.length, inClosed);
    // Typing set the state from the field: written back only when something else changed it.
    if (this.field.value !== state.search) this.field.value = state.search;
  }
}

if (typeof module === 'object' && module.exports) module.exports = Search;
