/// One allocation of bytes, freed with its last reference.
@usableFromInline final class ByteAllocation: @unchecked Sendable {
  @usableFromInline let base: UnsafeMutablePointer<UInt8>
  @usableFromInline let capacity: Int

  @usableFromInline init(capacity: Int) {
    self.capacity = capacity
    base = .allocate(capacity: capacity)
  }

  deinit { base.deallocate() }
}

/// The growable byte store behind ``JSONBuffer``: one allocation written through its pointer,
/// so that appending a byte is a capacity check and a store (an `Array` also checks that it is
/// uniquely referenced on every append). ``JSONBuffer`` copies the allocation before writing
/// when another buffer shares it, so the buffer keeps value semantics.
@usableFromInline struct ByteStorage: Sendable {
  @usableFromInline var allocation: ByteAllocation
  @usableFromInline var count = 0

  @usableFromInline init(capacity: Int) {
    allocation = ByteAllocation(capacity: max(capacity, 64))
  }

  /// A copy holding the same bytes in an allocation of its own.
  @usableFromInline func copy() -> ByteStorage {
    var copy = ByteStorage(capacity: allocation.capacity)
    copy.allocation.base.update(from: allocation.base, count: count)
    copy.count = count
    return copy
  }

  /// The bytes as an array.
  @usableFromInline var array: [UInt8] {
    Array(UnsafeBufferPointer(start: allocation.base, count: count))
  }

  /// Makes room for `extra` more bytes.
  @inlinable mutating func reserve(_ extra: Int) {
    if count + extra > allocation.capacity { grow(to: count + extra) }
  }

  @usableFromInline mutating func grow(to needed: Int) {
    var newCapacity = allocation.capacity * 2
    while newCapacity < needed { newCapacity *= 2 }
    let bigger = ByteAllocation(capacity: newCapacity)
    bigger.base.update(from: allocation.base, count: count)
    allocation = bigger
  }

  @inlinable mutating func append(_ byte: UInt8) {
    reserve(1)
    allocation.base[count] = byte
    count += 1
  }

  @inlinable mutating func append(contentsOf buffer: UnsafeBufferPointer<UInt8>) {
    guard let source = buffer.baseAddress, !buffer.isEmpty else { return }
    reserve(buffer.count)
    (allocation.base + count).update(from: source, count: buffer.count)
    count += buffer.count
  }

  @inlinable mutating func append(contentsOf bytes: some Sequence<UInt8>) {
    for byte in bytes { append(byte) }
  }

  /// Forgets the bytes, keeping the allocation.
  @usableFromInline mutating func removeAll() { count = 0 }
}
