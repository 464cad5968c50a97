// The pieces the details are made of: links to nodes and entries (a click on one chooses it,
// see details.js), headings, lists of facts, sections, a change old → new. Each writes app
// text through PageDOM.make.
class DetailsParts {

  /** A link to node `index`: its id, `data-target-id` for the click. */
  static nodeLink(model, index) {
    const link = PageDOM.make('a', 'node-link', model.nodes[index].id);
    link.href = '#';
    link.setAttribute('data-target-id', model.nodes[index].id);
    return link;
  }

  /** A link to an entry, its text cut at 240 characters (an entry's title holds its values),
   *  the whole of it its tooltip. */
  static entryLink(entryIndex, text) {
    const link = PageDOM.make('a', 'entry-link', text);
    if (link.textContent.length > 240) {
      link.title = link.textContent;
      link.textContent = `${Array.from(link.textContent).slice(0, 239).join('')}…`;
    }
    link.href = '#';
    link.setAttribute('data-step', String(entryIndex));
    return link;
  }

  /** A heading of the details, at most three lines (CSS): an entry's title holds its values,
   *  which may be long; the whole of it is its tooltip, and the values are shown below it. */
  static heading(text) {
    const element = PageDOM.make('h2', null, text);
    element.title = element.textContent;
    return element;
  }

  /** Facts as a definition list: `[name, value]` pairs, a value text or an element; empty
   *  ones left out. */
  static definitionList(rows) {
    const list = PageDOM.make('dl');
    for (const [name, value] of rows) {
      if (value === undefined || value === null || value === '') continue;
      list.append(PageDOM.make('dt', null, name));
      const cell = PageDOM.make('dd');
      if (value instanceof Node) cell.append(value); else cell.textContent = PageText.visible(value);
      list.append(cell);
    }
    return list;
  }

  /** A titled section: its `h3`, then `content`. */
  static section(title, content) {
    const fragment = document.createDocumentFragment();
    fragment.append(PageDOM.make('h3', null, title));
    fragment.append(content);
    return fragment;
  }

  /** Links to nodes, one per line; `empty` said where there are none. */
  static linkList(model, indexes, empty) {
    if (!indexes.length) return PageDOM.make('p', 'hint', empty);
    const list = PageDOM.make('ul');
    for (const index of indexes) {
      const item = PageDOM.make('li');
      item.append(DetailsParts.nodeLink(model, index));
      list.append(item);
    }
    return list;
  }

  /** Links to entries by their titles, one per line, each marked with its kind; `tag` `ol`
   *  where their order is the point (a chain of causes). */
  static entryList(model, indexes, className, tag = 'ul') {
    const list = PageDOM.make(tag, className);
    for (const entryIndex of indexes) {
      const entry = model.timeline[entryIndex];
      const item = PageDOM.make('li', entry.kind);
      item.append(DetailsParts.entryLink(entryIndex, PageText.entryTitle(entry, model.nodes)));
      list.append(item);
    }
    return list;
  }

  /** One change of a state: its path, before → after. */
  static changeLine(change) {
    const line = PageDOM.make('div', 'change');
    line.setAttribute('data-path', change.path);
    line.append(PageDOM.make('span', 'path', change.path || '(whole state)'), ': ');
    line.append(PageDOM.make('span', 'before', change.before ?? '∅'), ' → ', PageDOM.make('span', 'after', change.after ?? '∅'));
    return line;
  }

  /** A node's difference, old → new: its structure's changes, its value, its times. */
  static differenceBody(changed) {
    const body = PageDOM.make('div', 'difference-detail');
    for (const sentence of changed.structure ?? []) body.append(PageDOM.make('p', null, sentence));
    if (changed.before !== undefined || changed.after !== undefined) {
      body.append(DetailsParts.changeLine({ path: 'value', before: changed.before, after: changed.after }));
    }
    if (changed.time) {
      const line = PageDOM.make('div', 'change');
      line.append(PageDOM.make('span', 'path', 'time'), ': ', PageDOM.make('span', 'before', changed.time.before), ' → ',
        PageDOM.make('span', 'after', changed.time.after), ` (${changed.time.ratio})`);
      body.append(line);
    }
    return body;
  }
}
