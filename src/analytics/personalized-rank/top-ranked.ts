// The answer's list: the best estimates of a ball, kept in a heap bounded by
// the list's length rather than by sorting the whole ball.

/**
 * The `limit` highest estimates among the ball's non-seed nodes (local indices
 * seedCount..size-1), by estimate desc then node index asc. `score` is indexed
 * by local index, `ball` maps local indices to node indices. Answers node
 * indices, and how many non-seed nodes have a positive estimate.
 */
export function topRanked(ball: Int32Array, size: number, seedCount: number, score: Float64Array, limit: number) {
  // Min-heap on (score asc, node index desc): its root is the worst kept.
  const heap = new Int32Array(Math.max(limit, 1));
  let count = 0;
  let reached = 0;
  const worse = (a: number, b: number) => score[a] < score[b] || (score[a] === score[b] && ball[a] > ball[b]);
  const siftDown = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const rr = l + 1;
      let m = i;
      if (l < count && worse(heap[l], heap[m])) m = l;
      if (rr < count && worse(heap[rr], heap[m])) m = rr;
      if (m === i) return;
      const t = heap[i]; heap[i] = heap[m]; heap[m] = t; i = m;
    }
  };
  for (let v = seedCount; v < size; v++) {
    if (!(score[v] > 0)) continue;
    reached += 1;
    if (limit === 0) continue;
    if (count < limit) {
      let i = count++;
      heap[i] = v;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(heap[i], heap[parent])) break;
        const t = heap[i]; heap[i] = heap[parent]; heap[parent] = t; i = parent;
      }
    } else if (worse(heap[0], v)) {
      heap[0] = v;
      siftDown(0);
    }
  }
  const local = heap.slice(0, count).sort((a, b) => score[b] - score[a] || ball[a] - ball[b]);
  const nodes = new Int32Array(count);
  const scores = new Float64Array(count);
  for (let i = 0; i < count; i++) { nodes[i] = ball[local[i]]; scores[i] = score[local[i]]; }
  return { nodes, scores, reached };
}
