//! The wasm's allocator: free lists of power-of-two blocks, in place of
//! dlmalloc (std's, 5.8 KB of the wasm before `wasm-opt`; this is a few
//! hundred bytes).
//!
//! # How it works
//!
//! A request of `size` bytes aligned to `align` gets a block of the smallest
//! power of two 2^k that is at least `size`, `align` and 8 (its *class*).
//! Freed blocks go on the free list of their class, linked through their
//! first word, and the next request of that class takes the last one freed.
//! When the list is empty, a new block is cut from the end of the memory
//! (`memory.grow` when that end is reached), at an address that is a
//! multiple of 2^k, or of 64 KiB (a page) for the larger classes.
//!
//! # Why it is correct
//!
//! - **Alignment**: a block of class k starts at a multiple of
//!   min(2^k, 64 KiB); the request's `align` is at most 2^k by the choice of
//!   k, and a request aligned to more than 64 KiB fails (a null pointer,
//!   which `GlobalAlloc` allows; nothing here asks for that much).
//! - **Size**: the block holds 2^k >= `size` bytes. A block only ever
//!   serves its own class, and `GlobalAlloc` promises that `dealloc` and
//!   `realloc` get the layout the block was allocated with, so the class
//!   computed there is the block's own (wasm-bindgen's `__wbindgen_free` and
//!   `__wbindgen_realloc` pass the size and alignment they allocated with).
//! - **`realloc`** keeps the block when the new size falls in the same
//!   class; otherwise it allocates a block of the new class, copies the
//!   smaller of the two sizes and frees the old block. It never moves a
//!   block to another class's list, so no list ever holds a block smaller
//!   than its class.
//! - **Memory**: a new block of class k is cut only when every block of
//!   class k cut so far is in use. So the blocks of class k never exceed
//!   the most ever in use at once, and the memory is bounded by the peak use
//!   of each class (at most twice the bytes asked for, plus the alignment
//!   gaps), whatever the order of the calls: after a call on the largest
//!   input (a [`crate::MAX_LENGTH`] link), calls like it reuse the same
//!   blocks and the memory does not grow again (tests/wasm.rs checks it).
//!   Memory is never given back to the browser, as with dlmalloc.
//! - **One thread**: the state is behind an `UnsafeCell` without a lock.
//!   The wasm has one thread (built without the `atomics` target feature,
//!   checked below), and no allocator function calls out of the module
//!   while it holds the state, so no two calls overlap.

use core::alloc::{GlobalAlloc, Layout};
use core::arch::wasm32;
use core::cell::UnsafeCell;
use core::ptr;

#[cfg(target_feature = "atomics")]
compile_error!("src/allocator.rs is for a wasm with one thread (no atomics)");

/// A wasm page: the unit of `memory.grow`.
const PAGE: usize = 64 * 1024;

/// The smallest class: 2^3 = 8 bytes, room for the free list's link.
const MIN_CLASS: u32 = 3;

struct State {
    /// For each class k, the last freed block of 2^k bytes (null if none);
    /// each free block holds the address of the next one in its first word.
    free: [*mut u8; 32],
    /// The part of the memory not cut into blocks yet: `next..end`, where
    /// `end` is a multiple of `PAGE` (0 before the first `memory.grow`).
    next: usize,
    end: usize,
}

/// The global allocator (see the module's documentation).
pub(crate) struct Allocator(UnsafeCell<State>);

// SAFETY: the wasm has one thread (no `atomics` target feature).
unsafe impl Sync for Allocator {}

#[global_allocator]
static ALLOCATOR: Allocator = Allocator(UnsafeCell::new(State {
    free: [ptr::null_mut(); 32],
    next: 0,
    end: 0,
}));

/// The class of a layout: k for blocks of 2^k bytes; `None` if no block can
/// hold it (aligned to more than a page, or over 2 GiB).
fn class(layout: Layout) -> Option<u32> {
    if layout.align() > PAGE {
        return None;
    }
    let size = layout.size().max(layout.align()).max(1 << MIN_CLASS);
    size.checked_next_power_of_two().map(usize::trailing_zeros)
}

impl State {
    /// A new block of class `k`, cut from `next..end`, growing the memory
    /// if needed; null if the memory cannot grow.
    fn cut(&mut self, k: u32) -> *mut u8 {
        let size = 1usize << k;
        let align = size.min(PAGE);
        // `end` is a multiple of `PAGE`, hence of `align`: `start <= end`.
        let mut start = (self.next + align - 1) & !(align - 1);
        if self.end - start < size {
            let pages = size.div_ceil(PAGE);
            let old = wasm32::memory_grow(0, pages);
            if old == usize::MAX {
                return ptr::null_mut();
            }
            let base = old * PAGE;
            let Some(end) = base.checked_add(pages * PAGE) else {
                // The last page of a 4 GiB memory: not addressable here.
                return ptr::null_mut();
            };
            // New pages right after ours continue them; otherwise (someone
            // else grew the memory) the rest of ours is left unused.
            if base != self.end {
                start = base;
            }
            self.end = end;
        }
        self.next = start + size;
        start as *mut u8
    }
}

unsafe impl GlobalAlloc for Allocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(k) = class(layout) else {
            return ptr::null_mut();
        };
        // SAFETY: one thread, and no other reference to the state is live
        // (see the module's documentation).
        let state = unsafe { &mut *self.0.get() };
        let head = state.free[k as usize];
        if head.is_null() {
            return state.cut(k);
        }
        // SAFETY: `head` is a free block of class k, whose first word holds
        // the next free block; blocks are aligned to at least 8 bytes.
        state.free[k as usize] = unsafe { *head.cast::<*mut u8>() };
        head
    }

    unsafe fn dealloc(&self, block: *mut u8, layout: Layout) {
        // `layout` is the one `block` was allocated with, so it has a class.
        let Some(k) = class(layout) else { return };
        // SAFETY: as in `alloc`.
        let state = unsafe { &mut *self.0.get() };
        // SAFETY: `block` is ours, of class k (at least 8 bytes, aligned to
        // at least 8), and no longer in use: it holds the link now.
        unsafe { *block.cast::<*mut u8>() = state.free[k as usize] };
        state.free[k as usize] = block;
    }

    unsafe fn realloc(&self, block: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller promises that `new_size`, rounded up to the
        // alignment, does not overflow `isize`.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        if class(new_layout) == class(layout) {
            return block;
        }
        // SAFETY: `new_layout` has a non-zero size (`GlobalAlloc::realloc`).
        let new = unsafe { self.alloc(new_layout) };
        if !new.is_null() {
            // SAFETY: both blocks hold at least the smaller size, and they
            // are distinct (`block` is in use until freed below).
            unsafe {
                ptr::copy_nonoverlapping(block, new, layout.size().min(new_size));
                self.dealloc(block, layout);
            }
        }
        new
    }
}
