import Foundation
import Synchronization
import Testing

@testable import SimulatedHealthKit

/// A main-actor task reading an `AsyncStream` that the live builder's delegate feeds sees each
/// batch at the batch's instant, on every run (docs/swift-api.md#time-and-callbacks). Found by
/// a new user's trial: a `@MainActor` model whose nonisolated `didCollectDataOf` yielded the
/// batch's date, read with `for await` by a main-actor task while the test advanced 600 s,
/// saw 60 to 110 of the batches 5 to 195 s of virtual time late (595 s when the delegate yielded
/// directly), a different number every run, and `settle()` returned with values still unread.
///
/// Each test repeats its run (`rounds`): one late value is a matter of the machine's load.
@Suite struct MainActorStreamTests {
  /// Runs of each test.
  static let rounds = 20

  /// How the delegate hands a batch to the stream.
  enum Feed: String, Sendable, CustomStringConvertible {
    /// `continuation.yield(date)` in the nonisolated delegate method itself.
    case direct
    /// `Task { @MainActor in continuation.yield(date) }` (Apple's sample code's hop).
    case taskHop

    var description: String { rawValue }
  }

  /// The trial's model: the live builder's delegate, whose `didCollectDataOf` hands the
  /// batch's instant to a stream (``Feed``).
  @MainActor final class StreamModel: NSObject, HKLiveWorkoutBuilderDelegate {
    let simulation: HealthKitSimulation
    let feed: Feed
    let batches: AsyncStream<Date>
    nonisolated let continuation: AsyncStream<Date>.Continuation
    /// How many batches the delegate was told of.
    nonisolated let told = Mutex(0)

    init(simulation: HealthKitSimulation, feed: Feed) {
      self.simulation = simulation
      self.feed = feed
      (batches, continuation) = AsyncStream.makeStream(of: Date.self)
    }

    nonisolated func workoutBuilder(
      _ workoutBuilder: HKLiveWorkoutBuilder, didCollectDataOf collectedTypes: Set<HKSampleType>
    ) {
      let batch = simulation.now
      told.withLock { $0 += 1 }
      switch feed {
      case .direct:
        continuation.yield(batch)
      case .taskHop:
        let continuation = continuation
        Task { @MainActor in continuation.yield(batch) }
      }
    }

    nonisolated func workoutBuilderDidCollectEvent(_ workoutBuilder: HKLiveWorkoutBuilder) {}
  }

  /// What the reader saw: (the batch's instant, the instant it read it at), in seconds after
  /// noon.
  @MainActor final class Reader {
    var seen: [[Double]] = []
  }

  /// What one round saw: the reader's values when `advance` returned, when `settle()` then
  /// returned, and the batches the delegate was told of by then.
  struct Seen: Equatable {
    var afterAdvance: [[Double]]
    var afterSettle: [[Double]]
    var told: Int
  }

  /// One round: a reader on the main actor, a running session from noon, `advance(by: 600 s)`,
  /// then `settle()`.
  @MainActor static func round(_ feed: Feed) async throws -> Seen {
    let simulation = try HealthKitSimulation(scenario: constantRun())
    return try await simulation.run {
      let model = StreamModel(simulation: simulation, feed: feed)
      let reader = Reader()
      let watcher = Task { @MainActor in
        for await batch in model.batches {
          reader.seen.append([
            batch.timeIntervalSince(noon(plus: 0)),
            simulation.now.timeIntervalSince(noon(plus: 0)),
          ])
        }
      }
      let store = HKHealthStore()
      let workout = try await MainActorHopTests().startedRunWithDelegate(store, simulation, model)
      try await simulation.advance(by: .seconds(600))
      let afterAdvance = reader.seen
      await simulation.settle()
      let seen = Seen(
        afterAdvance: afterAdvance, afterSettle: reader.seen,
        told: model.told.withLock { $0 })
      watcher.cancel()
      // The app holds its session and builder.
      return withExtendedLifetime(workout) { seen }
    }
  }

  /// `constantRun`'s heart rate every 5 s from noon: batches at 0, 5, ..., 600 s (121) for
  /// `advance(by: 600 s)`, each read at its own instant, all of them by the time `advance`
  /// returns (`settle()` then reads nothing more), in every round, whether the delegate yields
  /// directly or from a main-actor task.
  @MainActor @Test(arguments: [Feed.direct, .taskHop])
  func aMainActorReaderSeesEachBatchAtItsInstant(feed: Feed) async throws {
    let instants = Array(stride(from: 0.0, through: 600, by: 5))
    for round in 0..<Self.rounds {
      let seen = try await Self.round(feed)
      #expect(seen.told == 121, "\(feed), round \(round)")
      #expect(seen.afterAdvance.map { $0[0] } == instants, "\(feed), round \(round)")
      // Read late: (batch, read at) pairs whose two instants differ.
      #expect(seen.afterAdvance.filter { $0[0] != $0[1] } == [], "\(feed), round \(round)")
      #expect(seen.afterSettle == seen.afterAdvance, "\(feed), round \(round)")
    }
  }

  /// `settle()` returns once the main-actor reader has read every value a task of the run
  /// yielded at once (five: the stream buffers four while the reader is resumed with the
  /// first, and the reader's iterator finds each of them off the main actor), in every round.
  @MainActor @Test func settleReturnsOnceTheReaderHasReadEveryValue() async throws {
    for round in 0..<Self.rounds {
      let simulation = try HealthKitSimulation(scenario: constantRun())
      let read = await simulation.run {
        let (values, continuation) = AsyncStream.makeStream(of: Double.self)
        let reader = Reader()
        let watcher = Task { @MainActor in
          for await value in values {
            reader.seen.append([value, simulation.now.timeIntervalSince(noon(plus: 0))])
          }
        }
        // The reader waits for the first value.
        await simulation.settle()
        Task {
          for value in 1...5 { continuation.yield(Double(value)) }
        }
        await simulation.settle()
        let read = reader.seen
        watcher.cancel()
        return read
      }
      #expect(read == [[1, 0], [2, 0], [3, 0], [4, 0], [5, 0]], "round \(round)")
    }
  }
}
