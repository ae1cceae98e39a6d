//! The search's bucket queue of bounds, highest first.

/// A queue entry's tag: a back's index, or with this bit an index into the ranked backs.
pub(super) const RANKED: u16 = 1 << 15;

/// The search's queue of bounds, highest first, in 64 buckets of equal width between the
/// first incumbent and the highest bound: a bucket queue. Every bound pushed is at most the
/// last popped (a back's bound from its ranks is never above its first), so the buckets are
/// walked once, top down; within a bucket, the last pushed comes first (a back just bounded
/// from its ranks and still in its bucket is settled at once). The order only decides how soon
/// the best found rises, never what it ends as. Measured against a binary heap (exact order),
/// it costs the hardest hands 5–9% fewer instructions; finer buckets (256 to 4096) did worse.
pub(super) struct Queue {
    pub(super) lo: f64,
    pub(super) scale: f64,
    /// First entry of each bucket (valid where `full` has its bit).
    pub(super) head: [u16; 64],
    /// One bit per bucket that holds an entry.
    pub(super) full: u64,
    /// The last floor popped against, and its bucket.
    pub(super) floor: f64,
    pub(super) stop: usize,
    /// Per entry: its bound, its tag and the next entry in its bucket (`NIL` ends it).
    pub(super) entries: Vec<(f64, u16, u16)>,
}

pub(super) const NIL: u16 = u16::MAX;

impl Queue {
    /// A queue of `entries` (bound, tag, anything) with bounds in `[lo, hi]`.
    pub(super) fn new(lo: f64, hi: f64, mut entries: Vec<(f64, u16, u16)>) -> Queue {
        let scale = if hi > lo { 64.0 / (hi - lo) } else { 0.0 };
        let mut q = Queue { lo, scale, head: [NIL; 64], full: 0, floor: f64::NAN, stop: 0, entries: Vec::new() };
        for (i, e) in entries.iter_mut().enumerate() {
            e.2 = q.link(e.0, i);
        }
        q.entries = entries;
        q
    }

    /// The bucket of a bound: monotone in it (each step rounds monotonically), so a bucket
    /// below the one of `x` holds only bounds below `x`.
    #[inline]
    pub(super) fn bucket(&self, bound: f64) -> usize {
        (((bound - self.lo) * self.scale) as usize).min(63)
    }

    /// Make entry `i` the head of its bound's bucket; returns the entry it goes before.
    #[inline]
    pub(super) fn link(&mut self, bound: f64, i: usize) -> u16 {
        let b = self.bucket(bound);
        let next = if self.full >> b & 1 != 0 { self.head[b] } else { NIL };
        self.head[b] = i as u16;
        self.full |= 1 << b;
        next
    }

    #[inline]
    pub(super) fn push(&mut self, bound: f64, tag: u16) {
        let next = self.link(bound, self.entries.len());
        self.entries.push((bound, tag, next));
    }

    /// The next entry whose bound reaches `floor`, or `None` when no bound left does.
    #[inline]
    pub(super) fn pop(&mut self, floor: f64) -> Option<(f64, u16)> {
        // The floor changes seldom; its bucket is kept.
        if floor != self.floor {
            (self.floor, self.stop) = (floor, self.bucket(floor));
        }
        while self.full != 0 {
            let b = 63 - self.full.leading_zeros() as usize;
            if b < self.stop {
                return None;
            }
            let (bound, tag, next) = self.entries[self.head[b] as usize];
            self.head[b] = next;
            if next == NIL {
                self.full &= !(1 << b);
            }
            if bound >= floor {
                return Some((bound, tag));
            }
        }
        None
    }
}
