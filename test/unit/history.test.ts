import { historyPoints, pointCount } from '../../src/queries/history';

const deltas = [
  { day: '2024-05-30', delta: 3 }, // before the range: counts toward the first point
  { day: '2024-06-02', delta: 2 },
  { day: '2024-06-03', delta: -1 }, // an unfollow
  { day: '2024-06-10', delta: 4 },
  { day: '2024-07-01', delta: 1 }, // after the range: never counted
];

describe('follower history', () => {
  it('when asked per day, then each point is the cumulative count at the end of that day', () => {
    expect(historyPoints(deltas, '2024-06-01', '2024-06-04', 'day').map((p) => [p.end, p.followers])).toEqual([
      ['2024-06-01', 3], ['2024-06-02', 5], ['2024-06-03', 4], ['2024-06-04', 4],
    ]);
  });

  it('when asked per week, then weeks end on Sunday and the last point is clipped to `to`', () => {
    // 2024-06-02 is a Sunday.
    expect(historyPoints(deltas, '2024-06-01', '2024-06-12', 'week')).toEqual([
      { start: '2024-06-01', end: '2024-06-02', followers: 5 },
      { start: '2024-06-03', end: '2024-06-09', followers: 4 },
      { start: '2024-06-10', end: '2024-06-12', followers: 8 },
    ]);
  });

  it('when asked per month, then months end on their last day', () => {
    expect(historyPoints(deltas, '2024-05-15', '2024-06-30', 'month')).toEqual([
      { start: '2024-05-15', end: '2024-05-31', followers: 3 },
      { start: '2024-06-01', end: '2024-06-30', followers: 8 },
    ]);
    expect(pointCount('2024-01-01', '2024-12-31', 'month')).toBe(12);
    expect(pointCount('2024-02-28', '2024-03-01', 'day')).toBe(3); // leap day
  });
});
