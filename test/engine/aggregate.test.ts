import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/database.js';

const { db } = useTestDatabase();

describe('aggregate', () => {
  beforeAll(async () => {
    await db.collection<{ _id: string; name: string }>('authors').insertMany([
      { _id: 'a1', name: 'Ada' },
      { _id: 'a2', name: 'Grace' },
    ]);
    await db.collection<{ _id: number; author: string; title: string; year: number; tags: string[]; copies: number }>('books').insertMany([
      { _id: 1, author: 'a1', title: 'Notes', year: 1843, tags: ['maths', 'engines'], copies: 3 },
      { _id: 2, author: 'a2', title: 'Compilers', year: 1952, tags: ['compilers'], copies: 5 },
      { _id: 3, author: 'a2', title: 'COBOL', year: 1959, tags: ['languages', 'compilers'], copies: 7 },
    ]);
  });

  it('matches, groups and sorts', async () => {
    const totals = await db
      .collection('books')
      .aggregate([
        { $match: { year: { $gt: 1800 } } },
        { $group: { _id: '$author', copies: { $sum: '$copies' }, books: { $sum: 1 } } },
        { $sort: { copies: -1 } },
      ])
      .toArray();
    expect(totals).toEqual([
      { _id: 'a2', copies: 12, books: 2 },
      { _id: 'a1', copies: 3, books: 1 },
    ]);
  });

  it('joins with $lookup, flattens with $unwind and reshapes with $project', async () => {
    const rows = await db
      .collection('books')
      .aggregate([
        { $lookup: { from: 'authors', localField: 'author', foreignField: '_id', as: 'writer' } },
        { $unwind: '$writer' },
        { $project: { _id: 0, title: 1, writer: '$writer.name' } },
        { $sort: { title: 1 } },
      ])
      .toArray();
    expect(rows).toEqual([
      { title: 'COBOL', writer: 'Grace' },
      { title: 'Compilers', writer: 'Grace' },
      { title: 'Notes', writer: 'Ada' },
    ]);
  });

  it('unwinds arrays and counts per element', async () => {
    const tags = await db
      .collection('books')
      .aggregate([{ $unwind: '$tags' }, { $group: { _id: '$tags', n: { $sum: 1 } } }, { $sort: { n: -1, _id: 1 } }])
      .toArray();
    expect(tags[0]).toEqual({ _id: 'compilers', n: 2 });
    expect(tags).toHaveLength(4);
  });

  it('runs several pipelines at once with $facet', async () => {
    const [facets] = await db
      .collection('books')
      .aggregate([
        {
          $facet: {
            total: [{ $count: 'n' }],
            recent: [{ $match: { year: { $gte: 1950 } } }, { $sort: { year: 1 } }, { $project: { _id: 0, title: 1 } }],
          },
        },
      ])
      .toArray();
    expect(facets).toEqual({ total: [{ n: 3 }], recent: [{ title: 'Compilers' }, { title: 'COBOL' }] });
  });
});
