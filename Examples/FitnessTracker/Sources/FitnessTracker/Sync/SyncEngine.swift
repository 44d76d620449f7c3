// The app's background sync (docs/phone.md#background-sync-in-the-example): the second seed's
// HealthKitStore.startObservingDataChanges and BackgroundTaskService, done so that nothing is
// lost and nothing is sent twice. Observer queries with background delivery wake the app; each
// wake reads what is new since the saved anchor with an anchored query, POSTs it as one JSON
// batch with an idempotency key, and saves the new anchor only after the server's 2xx. A
// failure keeps the anchor and submits a BGAppRefreshTask that uploads what is pending.
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if os(watchOS) || os(iOS)
  import HealthKit
#else
  import SimulatedHealthKit
#endif
#if os(iOS)
  import BackgroundTasks
#else
  import SimulatedBackgroundTasks
#endif

/// Uploads new health samples (steps, heart rate, active energy, ECG recordings) to the app's
/// server (docs/phone.md#background-sync-in-the-example).
///
/// ```swift
/// let sync = SyncEngine(
///   healthStore: HKHealthStore(), session: URLSession(configuration: .default),
///   serverURL: URL(string: "https://api.example.com/v1/samples")!,
///   defaults: UserDefaults.standard)
/// sync.registerBackgroundTasks()           // in application(_:didFinishLaunchingWithOptions:)
/// try await sync.startObservingDataChanges()
/// ```
///
/// - One wake at a time: the observer queries' calls, and the refresh task's launch, are done in
///   the order they come, one after the other (so the server sees the same requests in the same
///   order on every run of the same day).
/// - A wake of type T: `HKAnchoredObjectQuery` of T from T's saved anchor (all new samples); none:
///   the new anchor is saved, no request; else one POST of ``UploadBatch`` to ``serverURL`` with
///   `Content-Type: application/json` and `Idempotency-Key` (the body's SHA-256). A 2xx saves the
///   new anchor; anything else (a status, a transport error, a read that fails while the phone
///   is locked) keeps it and submits the retry. Deleted samples are not sent (the anchor moves
///   past them with the next acknowledged batch).
/// - The retry: a `BGAppRefreshTaskRequest` of ``refreshTaskIdentifier`` (in the app's
///   Info.plist `BGTaskSchedulerPermittedIdentifiers`), `earliestBeginDate` ``retryDelay``
///   after the failure; its launch runs a wake of every type in ``SyncedType`` order, stopping at
///   the first failure (which submits the retry again), and completes the task with
///   `success` = every type uploaded.
/// - The observer's completion handler is called when the wake's work is done, success or not
///   (HealthKit backs off and stops delivering after three unanswered wakes).
public final class SyncEngine: Sendable {
  /// The refresh task's identifier (Info.plist `BGTaskSchedulerPermittedIdentifiers`).
  public static let refreshTaskIdentifier = "com.example.fitnesstracker.sync"

  /// The health store the queries run in.
  public let healthStore: HKHealthStore
  /// The session the uploads go through (tests: `simulation.urlSessionConfiguration()`).
  public let session: URLSession
  /// Where batches are POSTed.
  public let serverURL: URL
  /// Each request's timeout, seconds (`URLRequest.timeoutInterval`).
  public let requestTimeout: TimeInterval
  /// How long after a failure the retry may start at the earliest, seconds: 15 minutes by
  /// default (a choice: BackgroundTasks launches a refresh when the system sees fit, never
  /// before `earliestBeginDate`).
  public let retryDelay: TimeInterval
  private let store: AnchorStore
  private let now: @Sendable () -> Date
  private let jobs: AsyncStream<Job>.Continuation
  private let queries = Mutex<[HKObserverQuery]>([])

  /// One piece of work, done in order.
  private enum Job {
    /// An observer's wake for `type`; `answer` is its completion handler.
    case wake(SyncedType, answer: @Sendable () -> Void)
    /// The refresh task's launch; `finish` completes the task.
    case retry(finish: @Sendable (Bool) -> Void)
  }

  /// A sync engine; nothing happens until ``startObservingDataChanges()``.
  ///
  /// - Parameters:
  ///   - healthStore: the app's store.
  ///   - session: the upload session.
  ///   - serverURL: the endpoint batches are POSTed to.
  ///   - defaults: where the anchors are kept (one key per type, `sync.anchor.<identifier>`,
  ///     the anchor's `NSKeyedArchiver` archive).
  ///   - requestTimeout: seconds; 30 by default.
  ///   - retryDelay: seconds from a failure to the retry's `earliestBeginDate`; 900 by default.
  ///   - now: the clock of `earliestBeginDate` (`Date()` on a device; tests pass
  ///     `{ simulation.now }`).
  public init(
    healthStore: HKHealthStore, session: URLSession, serverURL: URL, defaults: UserDefaults,
    requestTimeout: TimeInterval = 30, retryDelay: TimeInterval = 900,
    now: @escaping @Sendable () -> Date = { Date() }
  ) {
    self.healthStore = healthStore
    self.session = session
    self.serverURL = serverURL
    self.requestTimeout = requestTimeout
    self.retryDelay = retryDelay
    self.store = AnchorStore(defaults: defaults)
    self.now = now
    let (stream, jobs) = AsyncStream.makeStream(of: Job.self)
    self.jobs = jobs
    // The worker: one job at a time, in the order they came.
    Task { [store, healthStore, session, serverURL, requestTimeout] in
      let worker = Worker(
        healthStore: healthStore, session: session, serverURL: serverURL,
        requestTimeout: requestTimeout, store: store)
      for await job in stream {
        switch job {
        case .wake(let type, let answer):
          if await !worker.sync(type) { self.submitRetry() }
          answer()
        case .retry(let finish):
          var uploaded = true
          for type in SyncedType.allCases where uploaded {
            uploaded = await worker.sync(type)
          }
          if !uploaded { self.submitRetry() }
          finish(uploaded)
        }
      }
    }
  }

  deinit { jobs.finish() }

  /// Registers the refresh task's launch handler: call it before the app finishes launching
  /// (BackgroundTasks' rule), once per launch.
  public func registerBackgroundTasks() {
    _ = BGTaskScheduler.shared.register(
      forTaskWithIdentifier: Self.refreshTaskIdentifier, using: nil
    ) { [jobs] task in
      let launched = LaunchedTask(task: task)
      task.expirationHandler = {
        // Out of time: the work goes on until its request ends; the task is reported unfinished.
        launched.task.setTaskCompleted(success: false)
      }
      jobs.yield(.retry(finish: { success in launched.task.setTaskCompleted(success: success) }))
    }
  }

  /// Asks to read the four types, enables background delivery (immediate; HealthKit makes steps
  /// hourly) and starts an
  /// observer query for each of the four types; each query's first call (right after it starts)
  /// uploads what is pending.
  ///
  /// - Throws: what `requestAuthorization(toShare:read:)` and
  ///   `enableBackgroundDelivery(for:frequency:)` throw (an app without the HealthKit
  ///   entitlements).
  public func startObservingDataChanges() async throws {
    let types = Set(SyncedType.allCases.map { $0.sampleType as HKObjectType })
    try await healthStore.requestAuthorization(toShare: [], read: types)
    for type in SyncedType.allCases {
      try await healthStore.enableBackgroundDelivery(for: type.sampleType, frequency: .immediate)
    }
    for type in SyncedType.allCases {
      let query = HKObserverQuery(sampleType: type.sampleType, predicate: nil) {
        [jobs] _, completionHandler, error in
        // An observer error (none in practice) is answered, and the next wake retries.
        guard error == nil else { return completionHandler() }
        jobs.yield(.wake(type, answer: completionHandler))
      }
      queries.withLock { $0.append(query) }
      healthStore.execute(query)
    }
  }

  /// Stops the observer queries.
  public func stopObserving() {
    for query in queries.withLock({ $0 }) { healthStore.stop(query) }
    queries.withLock { $0 = [] }
  }

  /// Submits the retry, replacing a pending one (a second submit of the identifier replaces the
  /// first); a refusal (Background App Refresh off) leaves the samples for the next wake.
  private func submitRetry() {
    let request = BGAppRefreshTaskRequest(identifier: Self.refreshTaskIdentifier)
    request.earliestBeginDate = now().addingTimeInterval(retryDelay)
    try? BGTaskScheduler.shared.submit(request)
  }
}

/// The launched task, handed to the worker (BackgroundTasks' objects are used from any thread).
private struct LaunchedTask: @unchecked Sendable {
  let task: BGTask
}

/// The saved anchors, one per type, in the injected defaults.
struct AnchorStore: @unchecked Sendable {
  let defaults: UserDefaults

  /// The key of `type`'s anchor.
  static func key(_ type: SyncedType) -> String { "sync.anchor." + type.rawValue }

  /// `type`'s saved anchor; `nil` before the first acknowledged batch.
  func anchor(_ type: SyncedType) -> HKQueryAnchor? {
    guard let data = defaults.data(forKey: Self.key(type)) else { return nil }
    return try? NSKeyedUnarchiver.unarchivedObject(ofClass: HKQueryAnchor.self, from: data)
  }

  /// Saves `anchor` as `type`'s.
  func save(_ anchor: HKQueryAnchor, for type: SyncedType) throws {
    let data = try NSKeyedArchiver.archivedData(withRootObject: anchor, requiringSecureCoding: true)
    defaults.set(data, forKey: Self.key(type))
  }
}

/// The worker's side: one type's read, upload and anchor.
private struct Worker: Sendable {
  let healthStore: HKHealthStore
  let session: URLSession
  let serverURL: URL
  let requestTimeout: TimeInterval
  let store: AnchorStore

  /// Uploads what is new for `type`; `true` when nothing is pending any more.
  func sync(_ type: SyncedType) async -> Bool {
    guard let read = await read(type) else { return false }
    let anchor = read.anchor
    let batch = UploadBatch(
      type: type.rawValue, samples: read.samples.compactMap(UploadSample.init))
    if batch.samples.isEmpty {
      guard let anchor else { return true }
      return (try? store.save(anchor, for: type)) != nil
    }
    guard let body = try? batch.encoded(), await post(body), let anchor else { return false }
    return (try? store.save(anchor, for: type)) != nil
  }

  /// The samples added since the saved anchor and the new anchor; `nil` when the read failed
  /// (`errorDatabaseInaccessible` while the phone is locked).
  private func read(_ type: SyncedType) async -> (samples: [HKSample], anchor: HKQueryAnchor?)? {
    let anchor = store.anchor(type)
    return await withCheckedContinuation { continuation in
      let query = HKAnchoredObjectQuery(
        type: type.sampleType, predicate: nil, anchor: anchor, limit: HKObjectQueryNoLimit
      ) { _, added, _, newAnchor, error in
        if error != nil {
          continuation.resume(returning: nil)
        } else {
          continuation.resume(returning: (added ?? [], newAnchor))
        }
      }
      healthStore.execute(query)
    }
  }

  /// POSTs `body`; `true` on a 2xx.
  private func post(_ body: Data) async -> Bool {
    var request = URLRequest(url: serverURL, timeoutInterval: requestTimeout)
    request.httpMethod = "POST"
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.setValue(UploadBatch.idempotencyKey(of: body), forHTTPHeaderField: "Idempotency-Key")
    guard let reply = try? await session.data(for: request),
      let status = (reply.1 as? HTTPURLResponse)?.statusCode
    else { return false }
    return (200..<300).contains(status)
  }
}
