import Synchronization

/// A query of a heartbeat series' beats, HealthKit's `HKHeartbeatSeriesQuery` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesquery).
///
/// The data handler is called once per beat in the callback lane, in the order of the beats'
/// times, with the time since the series' start, `precededByGap`, and `done` on the last call
/// only (a series without beats gets one call with 0, `false` and `done`). Reading needs the
/// app to have asked to read ``HKSeriesType/heartbeat()``: otherwise one call with `done` and
/// `errorAuthorizationNotDetermined` ("Authorization not determined").
public final class HKHeartbeatSeriesQuery: HKQuery, @unchecked Sendable {
  private let series: HKHeartbeatSeriesSample
  private let dataHandler:
    @Sendable (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) -> Void

  /// A query of every beat of `heartbeatSeries` (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesquery/init(heartbeatseries:datahandler:)).
  ///
  /// - Parameters:
  ///   - heartbeatSeries: the series sample.
  ///   - dataHandler: called with each beat's time since the series' start (seconds),
  ///     `precededByGap`, `done` and `nil`, or once with 0, `false`, `true` and an ``HKError``.
  public init(
    heartbeatSeries: HKHeartbeatSeriesSample,
    dataHandler:
      @escaping @Sendable (HKHeartbeatSeriesQuery, TimeInterval, Bool, Bool, (any Error)?) ->
      Void
  ) {
    self.series = heartbeatSeries
    self.dataHandler = dataHandler
    super.init(objectType: HKSeriesType.heartbeat(), predicate: nil)
  }

  override func activate(
    in context: QueryContext, state: inout HealthKitSimulation.State
  ) -> [HealthKitSimulation.Callback] {
    guard state.readAskedFor(identifier: HKDataTypeIdentifierHeartbeatSeries) else {
      return fail(notDeterminedError)
    }
    let empty = HKHeartbeatSeriesQueryDescriptor.Heartbeat(
      timeIntervalSinceStart: 0, precededByGap: false)
    return seriesCallbacks(series.beats, orWhenEmpty: empty) { [self] beat, done in
      dataHandler(self, beat.timeIntervalSinceStart, beat.precededByGap, done, nil)
    }
  }

  override func fail(_ error: HKError) -> [HealthKitSimulation.Callback] {
    [
      { [self] in
        guard !isStopped else { return }
        dataHandler(self, 0, false, true, error)
      }
    ]
  }
}

extension HKQuery {
  /// One callback per element of a series query, `done` on the last; `empty` alone (with
  /// `done`) when there are none. A stopped query's callbacks do nothing.
  func seriesCallbacks<Element: Sendable>(
    _ elements: [Element], orWhenEmpty empty: Element,
    _ deliver: @escaping @Sendable (Element, Bool) -> Void
  ) -> [HealthKitSimulation.Callback] {
    let all = elements.isEmpty ? [empty] : elements
    return all.enumerated().map { index, element in
      let done = index == all.count - 1
      return { [self] in
        guard !isStopped else { return }
        deliver(element, done)
      }
    }
  }
}

/// The beats of a heartbeat series with Swift concurrency, HealthKit's
/// `HKHeartbeatSeriesQueryDescriptor` (Apple doc:
/// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesquerydescriptor).
@available(macOS 13.0, iOS 15.4, watchOS 8.5, *)
public struct HKHeartbeatSeriesQueryDescriptor: Sendable {
  /// One beat (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesquerydescriptor/heartbeat).
  public struct Heartbeat: Hashable, Sendable {
    /// The beat's time from the series' start, in seconds.
    public let timeIntervalSinceStart: TimeInterval
    /// Whether beats may be missing just before this one.
    public let precededByGap: Bool
  }

  /// The series whose beats are read.
  public var sample: HKHeartbeatSeriesSample

  /// A descriptor of `sample`'s beats (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesquerydescriptor/init(_:)).
  public init(_ sample: HKHeartbeatSeriesSample) { self.sample = sample }

  /// The beats one by one, in time order (Apple doc:
  /// https://developer.apple.com/documentation/healthkit/hkheartbeatseriesquerydescriptor/results(for:)):
  /// iterating runs an ``HKHeartbeatSeriesQuery`` and throws its error.
  public func results(for healthStore: HKHealthStore) -> Results {
    Results(sample: sample, store: healthStore)
  }

  /// The sequence of a series' beats.
  public struct Results: AsyncSequence, Sendable {
    /// A beat.
    public typealias Element = Heartbeat
    let sample: HKHeartbeatSeriesSample
    let store: HKHealthStore

    /// An iterator that runs the query on its first `next()`.
    public func makeAsyncIterator() -> Iterator {
      Iterator(buffer: SeriesBuffer { [sample, store] in try await store.heartbeats(of: sample) })
    }

    /// The iterator of ``Results``.
    public struct Iterator: AsyncIteratorProtocol {
      var buffer: SeriesBuffer<Heartbeat>

      /// The next beat, or `nil` after the last.
      ///
      /// - Throws: the query's ``HKError``.
      public mutating func next() async throws -> Heartbeat? { try await buffer.next() }
    }
  }
}

/// The elements of a series query, read all at once on the first `next()` and then handed
/// out one by one: what the series descriptors' iterators share.
struct SeriesBuffer<Element: Sendable> {
  let load: @Sendable () async throws -> [Element]
  private var elements: [Element]? = nil
  private var index = 0

  init(_ load: @escaping @Sendable () async throws -> [Element]) { self.load = load }

  mutating func next() async throws -> Element? {
    if elements == nil { elements = try await load() }
    guard let elements, index < elements.count else { return nil }
    defer { index += 1 }
    return elements[index]
  }
}

extension HKHealthStore {
  /// Every beat of `series`, by an ``HKHeartbeatSeriesQuery`` run to its `done`.
  func heartbeats(of series: HKHeartbeatSeriesSample) async throws
    -> [HKHeartbeatSeriesQueryDescriptor.Heartbeat]
  {
    try await collectSeries { finish in
      HKHeartbeatSeriesQuery(heartbeatSeries: series) { _, time, gap, done, error in
        let beat = HKHeartbeatSeriesQueryDescriptor.Heartbeat(
          timeIntervalSinceStart: time, precededByGap: gap)
        finish(error == nil && series.count > 0 ? [beat] : [], done, error)
      }
    }
  }

  /// Runs the series query `make` builds (its handler passes each call's elements, `done` and
  /// error to `finish`) to its `done`, and returns the elements in order.
  func collectSeries<Element: Sendable>(
    _ make: (@escaping @Sendable ([Element], Bool, (any Error)?) -> Void) -> HKQuery
  ) async throws -> [Element] {
    let box = Mutex<(elements: [Element], error: (any Error)?, done: Bool)>(([], nil, false))
    execute(
      make { elements, done, error in
        box.withLock {
          $0.elements += elements
          $0.error = $0.error ?? error
          $0.done = $0.done || done
        }
      })
    await simulation.deliver()
    let (elements, error, done) = box.withLock { $0 }
    if let error { throw error }
    guard done else { throw inertError() }
    return elements
  }
}
