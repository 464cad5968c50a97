import Foundation

#if os(Linux)
  import CFileExchange
#endif

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Moves a finished temporary file to its destination, atomically: readers see the old file
/// or the new one, never neither.
///
/// On Linux an existing destination is swapped with the temporary file (`renameat2` with
/// `RENAME_EXCHANGE`, through the system call: see the CFileExchange module), and the old file, now at the temporary path, is removed. A plain
/// rename over an existing file makes ext4 allocate the new file's blocks and start writing
/// them on the spot (its `auto_da_alloc` safeguard for programs that do not sync), a large
/// part of a snapshot's whole write (Benchmarks/README.md). Swapped, the new file is written back
/// by the kernel in the background, as a new file is. Where the system cannot swap, or no
/// file is there yet, it is a plain rename.
///
/// What the safeguard gave is given up, as for any write that is not synced: should the
/// system (not the program) stop before the kernel has written the file, it may be found
/// empty afterwards. Snapshots and reports are remade by running again.
///
/// ```swift
/// if let number = FileReplacement.move(".out.json.tmp", to: "out.json") { print(String(cString: strerror(number))) }
/// ```
enum FileReplacement {
  /// Moves the file at `source` to `destination`, replacing what is there.
  ///
  /// - Returns: The error number when it could not; `nil` when it did.
  static func move(_ source: String, to destination: String) -> Int32? {
    #if os(Linux)
      if recoil_exchange_paths(source, destination) == 0 {
        // The old file, at the temporary path now. Should removing it fail, the new file is
        // in place all the same.
        unlink(source)
        return nil
      }
    // Nothing there to swap with (ENOENT), or a file system that cannot swap (EINVAL): renamed.
    #endif
    return rename(source, destination) == 0 ? nil : errno
  }
}
