//! The plugins' memory allocator in wasm: small blocks from free lists by size class, anything
//! else from the standard allocator (dlmalloc).
//!
//! A plugin call allocates a few small blocks and frees them before it returns: the ability's
//! strings the SDK clones for the `Keyword` method, the lists the host copies in (an attack's
//! dice), the list of effects or offers it returns. dlmalloc spends on the order of a hundred
//! instructions on each `malloc` and `free`, a sizeable part of a short call; a free list per
//! size class takes a handful. Freed small blocks stay in their class's list for the next call
//! and are never given back to dlmalloc, so the memory an instance holds is bounded by the most
//! small blocks it ever had live at once per class (a plugin call's few).
//!
//! A plugin is single-threaded wasm (the host runs no wasm threads), so the lists are plain
//! cells; the allocator is compiled only for wasm32 without the `atomics` feature.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

/// The largest block served from the size classes; larger ones go to dlmalloc.
const LARGEST: usize = 512;
/// The size classes: 16, 32, 64, 128, 256 and 512 bytes, each a power of two, so that a block
/// of a class is aligned to 16 (the most any plugin type needs; larger alignments go to dlmalloc).
const CLASSES: usize = 6;
const SMALLEST_SHIFT: u32 = 4;
const ALIGN: usize = 16;
/// New blocks are carved from chunks of this size asked of dlmalloc.
const CHUNK: usize = 16 * 1024;

/// The allocator `export_keyword!` installs in every wasm plugin.
pub struct SizeClasses {
    /// The first free block of each class; a free block holds the address of the next.
    free: [Cell<*mut u8>; CLASSES],
    /// The unused rest of the current chunk, from `next` to `end`.
    next: Cell<*mut u8>,
    end: Cell<*mut u8>,
}

// SAFETY: a plugin instance runs on one thread (wasm32 without the atomics feature has no
// threads), so the cells are never touched from two threads.
unsafe impl Sync for SizeClasses {}

impl SizeClasses {
    /// An allocator with no block yet: the first of each class is carved on demand.
    pub const fn new() -> SizeClasses {
        SizeClasses {
            free: [const { Cell::new(std::ptr::null_mut()) }; CLASSES],
            next: Cell::new(std::ptr::null_mut()),
            end: Cell::new(std::ptr::null_mut()),
        }
    }

    /// The class of a layout, or `None` for one dlmalloc serves.
    #[inline]
    fn class(layout: Layout) -> Option<usize> {
        let size = layout.size();
        if size > LARGEST || layout.align() > ALIGN {
            return None;
        }
        let rounded = size.max(1 << SMALLEST_SHIFT).next_power_of_two();
        Some((rounded.trailing_zeros() - SMALLEST_SHIFT) as usize)
    }

    /// A new block of `class` carved from the current chunk, or from a new chunk.
    #[cold]
    unsafe fn carve(&self, class: usize) -> *mut u8 {
        let size = 1usize << (class as u32 + SMALLEST_SHIFT);
        let (next, end) = (self.next.get(), self.end.get());
        if next.is_null() || (end as usize) - (next as usize) < size {
            // The rest of the old chunk (less than a block) is left unused.
            // SAFETY: CHUNK and ALIGN make a valid, non-zero layout.
            let chunk = unsafe { System.alloc(Layout::from_size_align_unchecked(CHUNK, ALIGN)) };
            if chunk.is_null() {
                return chunk;
            }
            self.next.set(chunk);
            // SAFETY: the chunk is CHUNK bytes long.
            self.end.set(unsafe { chunk.add(CHUNK) });
        }
        let block = self.next.get();
        // SAFETY: at least `size` bytes are left in the chunk (checked above).
        self.next.set(unsafe { block.add(size) });
        block
    }
}

impl Default for SizeClasses {
    fn default() -> SizeClasses {
        SizeClasses::new()
    }
}

unsafe impl GlobalAlloc for SizeClasses {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let Some(class) = Self::class(layout) else {
            // SAFETY: forwarded from the caller.
            return unsafe { System.alloc(layout) };
        };
        let head = self.free[class].get();
        if head.is_null() {
            // SAFETY: `class` is a valid class.
            return unsafe { self.carve(class) };
        }
        // SAFETY: a free block of a class holds the address of the next free block.
        self.free[class].set(unsafe { *(head as *mut *mut u8) });
        head
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let Some(class) = Self::class(layout) else {
            // SAFETY: forwarded from the caller: a block of this layout came from System.
            return unsafe { System.dealloc(ptr, layout) };
        };
        // SAFETY: the block is at least 16 bytes and aligned to 16, and no longer used.
        unsafe { *(ptr as *mut *mut u8) = self.free[class].get() };
        self.free[class].set(ptr);
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: the caller guarantees a valid layout for `new_size` with the same alignment.
        let new_layout = unsafe { Layout::from_size_align_unchecked(new_size, layout.align()) };
        match (Self::class(layout), Self::class(new_layout)) {
            // The block already has room for the new size.
            (Some(old), Some(new)) if old == new => ptr,
            // Both from dlmalloc: it may grow the block in place.
            // SAFETY: forwarded from the caller.
            (None, None) => unsafe { System.realloc(ptr, layout, new_size) },
            _ => {
                // SAFETY: `new_layout` is valid (above); the old block is valid for
                // `layout.size()` bytes and the new one for `new_size`.
                unsafe {
                    let new = self.alloc(new_layout);
                    if !new.is_null() {
                        std::ptr::copy_nonoverlapping(ptr, new, layout.size().min(new_size));
                        self.dealloc(ptr, layout);
                    }
                    new
                }
            }
        }
    }
}
