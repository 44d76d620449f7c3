// The widget's timeline entry (the seed's `FitnessEntry`) and the faces it shows.
import FitnessTrackerKit
import Foundation

/// One timeline entry of the fitness widget: the App Group snapshot as of ``date``.
public struct FitnessEntry: Sendable, Equatable {
  /// When WidgetKit shows the entry.
  public let date: Date
  /// The snapshot the app last wrote, `nil` before the first.
  public let snapshot: WidgetSnapshot?
  /// The step goal from the shared settings, steps.
  public let stepGoal: Int
  /// Whether the snapshot's day is the entry's local day (else the face shows no steps).
  public let isToday: Bool
  /// The tap's deep link (`widgetURL`): `fitnesstracker://dashboard`.
  public let url: URL

  /// An entry at `date` of `snapshot` against `stepGoal`; `isToday` when the snapshot's day is
  /// `date`'s local day in `calendar`.
  public init(date: Date, snapshot: WidgetSnapshot?, stepGoal: Int, calendar: Calendar) {
    self.date = date
    self.snapshot = snapshot
    self.stepGoal = stepGoal
    self.isToday = snapshot.map { $0.day == calendar.startOfDay(for: date) } ?? false
    self.url = DeepLink.dashboard.url
  }

  /// The Small face: steps and the ring.
  public var smallFace: WidgetFace.Small {
    let steps = isToday ? snapshot?.steps : nil
    return WidgetFace.Small(
      date: date, steps: steps, stepGoal: stepGoal,
      progress: Double(steps ?? 0) / Double(stepGoal), dataAsOf: snapshot?.date, url: url)
  }

  /// The Medium face: steps, energy and heart rate.
  public var mediumFace: WidgetFace.Medium {
    WidgetFace.Medium(
      steps: smallFace, activeEnergy: isToday ? snapshot?.activeEnergy : nil,
      heartRate: snapshot?.heartRate)
  }
}
