/**
 * One side of a price-ordered index: entries kept in priority order — best price first, then time
 * (sequence), then id — so that "everything a price reaches" is always a prefix of the ladder.
 *
 * Why an AVL tree of entries and not the alternatives:
 * - A heap gives the best entry cheaply but not the next k in order without popping them, and cannot
 *   drop an arbitrary entry (a cancel) without a position map; a resting limit order that the price
 *   reaches but that the book is too thin to fill must stay where it is, so crossing must read in order
 *   without removing.
 * - Sorted arrays with binary search read a prefix in O(k), but every insert and cancel moves up to n
 *   elements; fine at a thousand orders a symbol, linear at a hundred thousand.
 * - Price levels holding FIFO queues keep time priority only if adds arrive in sequence order; after a
 *   rebuild from rows, or with two transactions committing out of order, they would not. Keying each entry
 *   by (price, sequence, id) makes time priority a property of the data, whatever the insertion order.
 * So: insert and delete in O(log n) worst case, reading the k reached entries in O(log n + k), taking
 * them out in O(k log n). Deterministic (no random priorities), so a rebuilt index has the same shape.
 */

/** `ascending`: lower prices first, reached when price ≤ bound. `descending`: the mirror. */
export type LadderDirection = 'ascending' | 'descending';

type Node<T> = {
  readonly price: bigint;
  readonly sequence: bigint;
  readonly id: string;
  readonly value: T;
  left: Node<T> | null;
  right: Node<T> | null;
  height: number;
};

/** The key an entry is filed under; the caller keeps it to delete the entry later. */
export type LadderKey = { readonly price: bigint; readonly sequence: bigint; readonly id: string };

export class PriceLadder<T> {
  private root: Node<T> | null = null;
  private count = 0;

  constructor(readonly direction: LadderDirection) {}

  get size(): number {
    return this.count;
  }

  /** Height of the tree: at most about 1.44·log2(n + 2), checked by the tests. */
  get height(): number {
    return heightOf(this.root);
  }

  /** Files `value` under `key`; the key must not be in the ladder already. */
  insert(key: LadderKey, value: T): void {
    this.root = this.insertAt(this.root, key, value);
    this.count++;
  }

  /** Removes the entry filed under `key`; false when there is none. */
  delete(key: LadderKey): boolean {
    const before = this.count;
    this.root = this.deleteAt(this.root, key);
    return this.count < before;
  }

  /** The best entry's key and value, if any. */
  first(): (LadderKey & { value: T }) | undefined {
    let node = this.root;
    if (!node) return undefined;
    while (node.left) node = node.left;
    return { price: node.price, sequence: node.sequence, id: node.id, value: node.value };
  }

  /** Whether an entry at `price` is reached by `bound`. */
  reaches(bound: bigint, price: bigint): boolean {
    return this.direction === 'ascending' ? price <= bound : price >= bound;
  }

  /** Every entry `bound` reaches, in priority order, left in place. O(log n + k). */
  reached(bound: bigint): T[] {
    return this.reachedNodes(bound).map((node) => node.value);
  }

  /** Every entry `bound` reaches, in priority order, removed. O(k log n). */
  takeReached(bound: bigint): T[] {
    const nodes = this.reachedNodes(bound);
    for (const node of nodes) this.delete(node);
    return nodes.map((node) => node.value);
  }

  /** Every entry in priority order. O(n). */
  values(): T[] {
    const out: T[] = [];
    this.walk((node) => {
      out.push(node.value);
      return true;
    });
    return out;
  }

  clear(): void {
    this.root = null;
    this.count = 0;
  }

  private reachedNodes(bound: bigint): Node<T>[] {
    const out: Node<T>[] = [];
    this.walk((node) => {
      if (!this.reaches(bound, node.price)) return false;
      out.push(node);
      return true;
    });
    return out;
  }

  /** In-order walk from the best entry until `visit` returns false. */
  private walk(visit: (node: Node<T>) => boolean): void {
    const stack: Node<T>[] = [];
    let node = this.root;
    while (node || stack.length > 0) {
      while (node) {
        stack.push(node);
        node = node.left;
      }
      const next = stack.pop() as Node<T>;
      if (!visit(next)) return;
      node = next.right;
    }
  }

  /** Negative when `a` comes before `b`: better price, then earlier sequence, then smaller id. */
  private compare(a: LadderKey, b: LadderKey): number {
    if (a.price !== b.price) {
      const lower = a.price < b.price;
      return lower === (this.direction === 'ascending') ? -1 : 1;
    }
    if (a.sequence !== b.sequence) return a.sequence < b.sequence ? -1 : 1;
    if (a.id !== b.id) return a.id < b.id ? -1 : 1;
    return 0;
  }

  private insertAt(node: Node<T> | null, key: LadderKey, value: T): Node<T> {
    if (!node) {
      return {
        price: key.price,
        sequence: key.sequence,
        id: key.id,
        value,
        left: null,
        right: null,
        height: 1,
      };
    }
    const order = this.compare(key, node);
    if (order === 0) throw new Error(`ladder already holds ${key.id}`);
    if (order < 0) node.left = this.insertAt(node.left, key, value);
    else node.right = this.insertAt(node.right, key, value);
    return rebalance(node);
  }

  private deleteAt(node: Node<T> | null, key: LadderKey): Node<T> | null {
    if (!node) return null;
    const order = this.compare(key, node);
    if (order < 0) node.left = this.deleteAt(node.left, key);
    else if (order > 0) node.right = this.deleteAt(node.right, key);
    else {
      this.count--;
      if (!node.left) return node.right;
      if (!node.right) return node.left;
      // Two children: the in-order successor takes this node's place.
      let successor = node.right;
      while (successor.left) successor = successor.left;
      const right = detachMin(node.right);
      successor.left = node.left;
      successor.right = right;
      return rebalance(successor);
    }
    return rebalance(node);
  }
}

function heightOf<T>(node: Node<T> | null): number {
  return node ? node.height : 0;
}

function update<T>(node: Node<T>): void {
  node.height = 1 + Math.max(heightOf(node.left), heightOf(node.right));
}

function rotateRight<T>(node: Node<T>): Node<T> {
  const pivot = node.left as Node<T>;
  node.left = pivot.right;
  pivot.right = node;
  update(node);
  update(pivot);
  return pivot;
}

function rotateLeft<T>(node: Node<T>): Node<T> {
  const pivot = node.right as Node<T>;
  node.right = pivot.left;
  pivot.left = node;
  update(node);
  update(pivot);
  return pivot;
}

function rebalance<T>(node: Node<T>): Node<T> {
  update(node);
  const balance = heightOf(node.left) - heightOf(node.right);
  if (balance > 1) {
    const left = node.left as Node<T>;
    if (heightOf(left.left) < heightOf(left.right)) node.left = rotateLeft(left);
    return rotateRight(node);
  }
  if (balance < -1) {
    const right = node.right as Node<T>;
    if (heightOf(right.right) < heightOf(right.left)) node.right = rotateRight(right);
    return rotateLeft(node);
  }
  return node;
}

/** The subtree without its leftmost node, rebalanced on the way up. */
function detachMin<T>(node: Node<T>): Node<T> | null {
  if (!node.left) return node.right;
  node.left = detachMin(node.left);
  return rebalance(node);
}
