/// Samples and metadata the app adds to a builder itself (the Swift API's
/// `HKWorkoutBuilder.add(_:completion:)` and `addMetadata(_:completion:)`), beside the ones its
/// data source collects.
extension LiveWorkoutBuilder {
  /// Checks that `sample` of `type` can be added now (`now` is virtual now): the builder is
  /// active, and the sample lies between the workout's start date and `now`. Discrete samples
  /// count at their start; cumulative ones over `[start, end)`.
  ///
  /// - Throws: `invalidArgument`: "Unable to add samples to a workout that is not currently
  ///   active." (project wording, after HealthKit's `endCollection` text), a sample ending
  ///   before it starts, starting before the workout's start date or ending after `now`.
  public func validateAppSample(
    _ sample: QuantitySample, of type: QuantityType, now: SimulationInstant
  ) throws(WorkoutError) {
    guard isActive, let start = startDate else {
      throw .invalidArgument("Unable to add samples to a workout that is not currently active.")
    }
    guard sample.end >= sample.start else {
      throw .invalidArgument("A sample's endDate must not be before its startDate")
    }
    guard sample.start >= start else {
      throw .invalidArgument(
        "\(article(type.rawValue)) \(type.rawValue) sample starts before the workout's start date (beginCollection); the builder takes samples from its start date to now"
      )
    }
    guard sample.end <= now else {
      throw .invalidArgument(
        "\(article(type.rawValue)) \(type.rawValue) sample ends after the simulation's virtual now; date samples from simulation.now"
      )
    }
  }

  /// Adds a sample the app made (checked with ``validateAppSample(_:of:now:)``): it joins the
  /// type's series in time order (after samples with the same start) and its statistics.
  /// A discrete sample is stored at its start (`end` = `start`).
  package mutating func addAppSample(_ sample: QuantitySample, of type: QuantityType) {
    let slot = type.slot
    let cumulative = type.isCumulative
    let end = cumulative ? sample.end.nanoseconds : sample.start.nanoseconds
    let start = sample.start.nanoseconds
    if let last = series[slot].last, last.start.nanoseconds > start {
      // Earlier than a sample already kept: rebuild the series and its statistics in order.
      var samples = Array(series[slot])
      let position = samples.firstIndex { $0.start.nanoseconds > start } ?? samples.count
      samples.insert(
        QuantitySample(
          start: sample.start, end: SimulationInstant(nanoseconds: end), value: sample.value),
        at: position)
      var rebuilt = SampleSeries(nominalLength: .nanoseconds(series[slot].nominalLength))
      var accumulator = StatisticsAccumulator()
      for item in samples {
        rebuilt.append(start: item.start.nanoseconds, end: item.end.nanoseconds, value: item.value)
        if cumulative {
          accumulator.addCumulative(item.value)
        } else {
          accumulator.addDiscrete(at: item.start.nanoseconds, value: item.value)
        }
      }
      series[slot] = rebuilt
      accumulators[slot] = accumulator
    } else if cumulative {
      appendCumulative(slot: slot, start: start, end: end, value: sample.value)
    } else {
      appendDiscrete(slot: slot, at: start, value: sample.value)
    }
  }
}

/// "An" before a word that starts with a vowel letter ("An activeEnergyBurned sample"), else "A".
private func article(_ word: String) -> String {
  word.first.map { "aeiou".contains($0) } == true ? "An" : "A"
}
