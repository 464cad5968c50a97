// A store's or slice's state as rows of a tree: read back from a value's description, as of an
// earlier entry (the later changes undone), an action's changes as a tree, and a search of
// them. Pure functions, checked by `node --test` (Tests/ReportScriptTests/state-rows.test.js).
class StateRows {

  /** Whether `path` lies inside the part at `ancestor` (a change of `lines[1].quantity` is
   *  inside `lines`; the whole state's path is empty). */
  static isInside(path, ancestor) {
    if (ancestor === '') return path !== '';
    return path.length > ancestor.length && path.startsWith(ancestor) && '.[{'.includes(path[ancestor.length]);
  }

  /** The order of a path among its siblings: an index as a number, anything else as text. */
  static siblingKey(path, parent) {
    const component = path.slice(parent.length);
    const index = /^\[(\d+)\]$/.exec(component);
    return index ? [0, Number(index[1]), ''] : [1, 0, component];
  }

  static compareKeys(a, b) {
    return a[0] - b[0] || a[1] - b[1] || (a[2] < b[2] ? -1 : a[2] > b[2] ? 1 : 0);
  }

  /** The rows of a value's preview (`Line(productID: "BT-42", quantity: 3)`, `[1, 2]`,
   *  `["a": 1]`, `Set(["A"])`, `address("1 Harbor Street")`) at `path`, read back from the text
   *  as Swift writes descriptions: a type's fields, a lower-case case's payload, elements,
   *  entries and members, with paths as changes write them. A text it cannot read whole (one
   *  cut with "…", say) is one leaf row. */
  static previewRows(text, path) {
    try {
      return DescriptionRows.read(text, path);
    } catch {
      return [{ path, value: text }];
    }
  }


  /** A value's tree rows (`structure`: `{path, type?, value?, more?}` in tree order) as of an
   *  earlier step: the latest rows with `undo`'s changes (`{path, before, after}`, the latest
   *  first) undone, each replacing the part at its path, and what is inside it, by its value
   *  before (a leaf), or removing it where it did not exist. A part put back goes among its
   *  siblings in order (elements by index). */
  static structureAsOf(rows, undo) {
    let result = rows.slice();
    for (const change of undo) {
      // The diff names a change of a whole state that has no parts `self`: the root row.
      const path = change.path === 'self' ? '' : change.path;
      const at = result.findIndex((row) => row.path === path);
      let insertAt;
      if (at >= 0) {
        let end = at + 1;
        while (end < result.length && StateRows.isInside(result[end].path, path)) end++;
        result.splice(at, end - at);
        insertAt = at;
      }
      if (change.before === undefined || change.before === null) continue;
      const put = StateRows.previewRows(change.before, path);
      if (insertAt === undefined) {
        // Its parent: the nearest row that holds it. Put back among the parent's children.
        let parent = -1;
        result.forEach((candidate, index) => { if (StateRows.isInside(path, candidate.path)) parent = index; });
        if (parent < 0) continue;
        const parentPath = result[parent].path;
        if (result[parent].type === undefined) {
          // A leaf (an empty list, say) that held this part then: a part with parts again.
          result[parent] = { path: parentPath, type: '' };
        }
        const key = StateRows.siblingKey(path, parentPath);
        insertAt = parent + 1;
        while (insertAt < result.length && StateRows.isInside(result[insertAt].path, parentPath)) {
          const sibling = result[insertAt];
          const isChild = !result.slice(parent + 1, insertAt).some((other) => other.type !== undefined && StateRows.isInside(sibling.path, other.path));
          if (isChild && StateRows.compareKeys(StateRows.siblingKey(sibling.path, parentPath), key) > 0) break;
          insertAt++;
        }
      }
      result.splice(insertAt, 0, ...put);
    }
    return result;
  }

  /** An action's changes as tree rows: each changed path under the parts that hold it (one
   *  row per part), the change's before and after on its own row. Outside quotes, `.`, `[` and
   *  `{` start a part of a path. */
  static changeTree(changes) {
    const rows = [];
    const seen = new Set();
    for (const change of [...changes].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
      let quoted = false;
      for (let position = 1; position < change.path.length; position++) {
        const character = change.path[position];
        if (character === '"' && change.path[position - 1] !== '\\') quoted = !quoted;
        if (quoted || !'.[{'.includes(character)) continue;
        const part = change.path.slice(0, position);
        if (!seen.has(part)) {
          seen.add(part);
          rows.push({ path: part, type: '' });
        }
      }
      rows.push({ path: change.path, before: change.before, after: change.after });
    }
    return StateRows.treeRows(rows);
  }

  /** Rows for display: each with its depth under the first row, its label (the part of its
   *  path after its parent's), and whether it has rows inside it. */
  static treeRows(rows) {
    const stack = [];
    return rows.map((row, index) => {
      while (stack.length && !StateRows.isInside(row.path, stack[stack.length - 1].path)) stack.pop();
      const parent = stack[stack.length - 1];
      const label = parent ? row.path.slice(parent.path.length).replace(/^\./, '') : row.path || '(state)';
      const hasChildren = index + 1 < rows.length && StateRows.isInside(rows[index + 1].path, row.path);
      const shown = { ...row, depth: stack.length, label, hasChildren };
      if (row.type !== undefined) stack.push(row);
      return shown;
    });
  }

  /** The rows a tree search keeps: those whose path or value holds `query` (ignoring case),
   *  and the rows they are inside, so each match shows where it is. Indexes, ascending. */
  static treeMatches(rows, query) {
    const lowered = query.toLowerCase();
    if (!lowered) return rows.map((_, index) => index);
    const kept = new Set();
    rows.forEach((row, index) => {
      if (!(row.path.toLowerCase().includes(lowered) || (row.value ?? '').toLowerCase().includes(lowered))) return;
      kept.add(index);
      rows.forEach((other, otherIndex) => { if (StateRows.isInside(row.path, other.path)) kept.add(otherIndex); });
    });
    return [...kept].sort((a, b) => a - b);
  }
}

if (typeof module === 'object' && module.exports) module.exports = StateRows;
