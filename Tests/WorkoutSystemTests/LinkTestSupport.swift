import WorkoutCore
import WorkoutSystem

/// A phone-link test engine: the lifecycle model on (standard watch), heart rate every 10 s,
/// `link` as the link's settings, and the command line's reflexes (with `scripted`, its link
/// ones: both apps activate when they run and reply at once).
func linkEngine(_ link: LinkConfiguration, scripted: Bool = false) -> WorkoutEngine<MovingSource> {
  var configuration = watchConfiguration()
  configuration.link = link
  return WorkoutEngine(
    configuration: configuration, dataSource: MovingSource(), reflexes: SampleApp(link: scripted))
}

/// Milliseconds on the scenario clock.
func ms(_ milliseconds: Int64) -> SimulationInstant {
  SimulationInstant(nanoseconds: milliseconds * 1_000_000)
}

/// A command-line payload: canonical JSON text, its UTF-8 size.
func payload(_ text: String) -> LinkPayload { LinkPayload(text: text) }

extension WorkoutEngine {
  /// The `link` entries as (milliseconds, event).
  var linkEvents: [(ms: Int64, event: LinkEvent)] {
    log.compactMap { entry in
      guard case .link(let event) = entry.kind else { return nil }
      return (entry.at.nanoseconds / 1_000_000, event)
    }
  }

  /// The deliveries as (milliseconds, transfer, kind, receiver, payload text).
  var deliveries: [Delivery] {
    linkEvents.compactMap { item in
      guard case .delivered(let kind, let to, let body, _) = item.event.change else { return nil }
      return Delivery(
        ms: item.ms, transfer: item.event.transfer, kind: kind, to: to, text: body.text)
    }
  }

  /// The failures as (milliseconds, transfer, code).
  var linkFailures: [Failure] {
    linkEvents.compactMap { item in
      guard case .failed(_, _, let code) = item.event.change else { return nil }
      return Failure(ms: item.ms, transfer: item.event.transfer, code: code)
    }
  }

  /// The transfer numbers outstanding from `device`.
  func outstandingNumbers(from device: CompanionDevice) -> [Int] {
    outstandingTransfers(from: device).map(\.transfer)
  }
}

struct Delivery: Equatable {
  var ms: Int64
  var transfer: Int?
  var kind: LinkTransferKind
  var to: CompanionDevice
  var text: String
}

struct Failure: Equatable {
  var ms: Int64
  var transfer: Int?
  var code: LinkErrorCode
}
