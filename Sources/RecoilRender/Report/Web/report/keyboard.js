// The keyboard. Nodes take focus (Tab); on a focused node ↑ and ← go to what it depends on, ↓
// and → to what depends on it (pressing again walks through them all), Enter selects it.
// Elsewhere ← → step the timeline, Home End go to its ends, + − 0 zoom, f focuses, / searches,
// Esc clears. Keys typed into a text field are the field's.
class Keyboard {
  /** What a key does away from text fields and nodes: the name of a page action, or null. */
  static actionOf(key) {
    switch (key) {
      case '+': case '=': return 'zoomIn';
      case '-': case '_': return 'zoomOut';
      case '0': return 'fit';
      case 'f': return 'focus';
      case 'ArrowRight': case 'ArrowDown': return 'next';
      case 'ArrowLeft': case 'ArrowUp': return 'previous';
      case '/': return 'search';
      case 'Home': return 'first';
      case 'End': return 'last';
      case 'Escape': return 'clear';
      default: return null;
    }
  }

  constructor(page) {
    this.page = page;
    // The node each arrow key goes to from a node: along its edges, the one after the last
    // taken from here.
    this.turns = new Map();
    this.actions = {
      zoomIn: () => page.view.zoomCentered(1.25),
      zoomOut: () => page.view.zoomCentered(0.8),
      fit: () => page.view.fit(),
      focus: () => page.setFocus(!page.state.focus),
      next: () => page.rewind.step(1),
      previous: () => page.rewind.step(-1),
      search: () => page.search.focus(),
      first: () => page.rewind.first(),
      last: () => page.rewind.last(),
      clear: () => page.clearEverything(),
    };
    document.addEventListener('keydown', (event) => this.#press(event));
  }

  #press(event) {
    // Keys typed into a text field are the field's (the search, the filters, the state's
    // search, an editor): the page's shortcuts would eat "-" and "0".
    const typing = event.target.matches && event.target.matches('input:not([type=checkbox]):not([type=range]), textarea');
    if (event.target === document.getElementById('search') || typing || event.altKey || event.metaKey || event.ctrlKey) {
      if (event.key === 'Escape' && typing && event.target.id !== 'search') event.target.blur();
      return;
    }
    const focusedNode = event.target.closest && event.target.closest('g.node[data-node-id]');
    if (focusedNode && this.#pressOnNode(event, this.page.model.indexOfId.get(focusedNode.getAttribute('data-node-id')))) return;
    if (event.target.id === 'scrubber' && event.key.startsWith('Arrow')) return;
    const action = Keyboard.actionOf(event.key);
    if (!action) return;
    this.actions[action]();
    event.preventDefault();
  }

  // On a node: ↑ ← along what it depends on, ↓ → along what depends on it, Enter selects it.
  // Whether the key was the node's.
  #pressOnNode(event, index) {
    switch (event.key) {
      case 'ArrowUp': case 'ArrowLeft': this.#followEdge(index, true); break;
      case 'ArrowDown': case 'ArrowRight': this.#followEdge(index, false); break;
      case 'Enter': case ' ': this.page.select(index); break;
      default: return false;
    }
    event.preventDefault();
    return true;
  }

  #followEdge(index, upstream) {
    const page = this.page;
    const targets = (upstream ? page.model.dependencies : page.model.dependents)[index].filter((target) => page.drawing.nodes[target]);
    if (!targets.length) return;
    const key = `${index}${upstream ? '↑' : '↓'}`;
    const turn = this.turns.has(key) ? (this.turns.get(key) + 1) % targets.length : 0;
    this.turns.set(key, turn);
    const target = targets[turn];
    page.select(target);
    page.view.bringIntoView(target);
    page.drawing.nodes[target].focus({ preventScroll: true });
  }
}

if (typeof module === 'object' && module.exports) module.exports = Keyboard;
