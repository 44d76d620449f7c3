import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one place that changes signal dispositions in this process, behind one lock, so that
/// ``SignalStream``s and ``TemporaryFiles`` never undo each other.
///
/// Streams ignore a signal while they catch it through a dispatch source; they are counted per
/// signal: the first puts `SIG_IGN` in place and keeps what it replaced, the last puts that back.
/// Two streams on one signal (a test's and the watch face's) may end in any order, and a handler
/// ``TemporaryFiles`` installs meanwhile becomes the disposition the last stream restores, so a
/// signal never finds the default action (process death) while a stream still expects it.
enum SignalDispositions {
  private struct Held {
    var streams: Int
    var previous: sigaction
  }

  private static let table = Mutex<[Int32: Held]>([:])

  /// A stream starts catching `number`: the signal is ignored until the last stream releases it.
  static func hold(_ number: Int32) {
    table.withLock { table in
      if var held = table[number] {
        held.streams += 1
        table[number] = held
        return
      }
      var previous = sigaction()
      var ignore = sigaction()
      ignore.__sigaction_handler.sa_handler = SIG_IGN
      sigemptyset(&ignore.sa_mask)
      sigaction(number, &ignore, &previous)
      table[number] = Held(streams: 1, previous: previous)
    }
  }

  /// A stream stops catching `number`; the last one puts back the disposition from before the
  /// first (or the handler installed meanwhile).
  static func release(_ number: Int32) {
    table.withLock { table in
      guard var held = table[number] else { return }
      held.streams -= 1
      if held.streams > 0 {
        table[number] = held
        return
      }
      table[number] = nil
      var action = held.previous
      sigaction(number, &action, nil)
    }
  }

  /// Installs `action` for `number` unless the signal's disposition is "ignore" (so `nohup`
  /// keeps working). While streams hold the signal, `action` becomes what the last of them
  /// restores.
  static func install(_ action: sigaction, for number: Int32) {
    table.withLock { table in
      if var held = table[number] {
        if !isIgnored(held.previous) {
          held.previous = action
          table[number] = held
        }
        return
      }
      var current = sigaction()
      guard sigaction(number, nil, &current) == 0, !isIgnored(current) else { return }
      var replacement = action
      sigaction(number, &replacement, nil)
    }
  }

  private static func isIgnored(_ action: sigaction) -> Bool {
    unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
      == unsafeBitCast(SIG_IGN, to: Int.self)
  }
}
