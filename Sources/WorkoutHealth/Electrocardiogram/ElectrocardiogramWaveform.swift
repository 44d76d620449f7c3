import WorkoutCore

/// The voltages of an ECG recording, made on demand from its summary: a deterministic,
/// plausible lead-I waveform (sinus rhythm) at the recording's average heart rate, in
/// microvolts.
///
/// The model (docs/swift-api.md#ecg-recordings): each beat is a sum of five Gaussian
/// waves P, Q, R, S and T centred at fixed offsets from the beat's R peak, the shape of the
/// synthetic ECG of McSharry, Clifford, Tarassenko and Smith ("A dynamical model for generating
/// synthetic electrocardiogram signals", IEEE Trans. Biomed. Eng. 50(3), 2003, 289–294), with
/// amplitudes and intervals within the normal adult ranges of a lead-I ECG (PR interval
/// 120–200 ms, QRS under 120 ms, T after the QRS by a QT that scales as √RR, Bazett 1920):
///
/// | wave | offset from R (s) | amplitude (µV) | width σ (s) |
/// |---|---|---|---|
/// | P | −0.16 | 120 | 0.025 |
/// | Q | −0.035 | −80 | 0.010 |
/// | R | 0 | 1000 | 0.010 |
/// | S | +0.035 | −200 | 0.010 |
/// | T | +0.25 × √(RR / 1 s) | 250 | 0.045 |
///
/// Beats: the first R peak lies 0.3 s into the recording; each RR interval is `60 / rate`
/// seconds times `1 + 0.02 z` (`z` standard normal, clamped to ±2.5: heart rate variability),
/// drawn from the `ecg.rr` stream of ``HealthElectrocardiogram/seed``. Each voltage adds
/// uniform noise of at most ±``noiseAmplitude`` µV from a hash of the seed and the index, so any
/// measurement can be made without the ones before it.
public struct ElectrocardiogramWaveform: Sendable {
  /// One wave of a beat.
  struct Wave: Sendable {
    var offset: Double
    var amplitude: Double
    var width: Double
  }

  /// Voltage samples per second (Hz).
  public let samplingFrequency: Double
  /// The number of voltage measurements.
  public let count: Int
  /// The R peaks' times from the recording's start (s), ascending.
  public let rPeaks: [Double]
  /// The noise's half range (µV): 3 for recordings, 0 for the exact tests.
  public let noiseAmplitude: Double
  private let seed: UInt64
  private let waves: [Wave]

  /// The waveform of `recording`.
  public init(_ recording: HealthElectrocardiogram) {
    self.init(
      averageHeartRate: recording.averageHeartRate,
      samplingFrequency: recording.samplingFrequency,
      count: recording.numberOfVoltageMeasurements, seed: recording.seed)
  }

  /// A waveform of `count` measurements at `samplingFrequency` Hz and `averageHeartRate`
  /// count/min (clamped to 30...220), from `seed`; `variability` is the RR intervals' relative
  /// standard deviation (0.02) and `noise` the noise's half range in µV (3).
  public init(
    averageHeartRate: Double, samplingFrequency: Double, count: Int, seed: UInt64,
    variability: Double = 0.02, noise: Double = 3
  ) {
    self.samplingFrequency = samplingFrequency > 0 ? samplingFrequency : 512
    self.count = max(0, count)
    self.seed = seed
    self.noiseAmplitude = noise
    let rate = min(max(averageHeartRate.isFinite ? averageHeartRate : 70, 30), 220)
    let meanRR = 60 / rate
    self.waves = [
      Wave(offset: -0.16, amplitude: 120, width: 0.025),
      Wave(offset: -0.035, amplitude: -80, width: 0.010),
      Wave(offset: 0, amplitude: 1000, width: 0.010),
      Wave(offset: 0.035, amplitude: -200, width: 0.010),
      Wave(offset: 0.25 * Elementary.sqrt(meanRR), amplitude: 250, width: 0.045),
    ]
    var random = SplitMix64(seed: seed, stream: "ecg.rr")
    let duration = Double(self.count) / self.samplingFrequency
    var peaks: [Double] = []
    var time = 0.3
    while time < duration + 1 {
      peaks.append(time)
      let z = min(max(random.nextStandardNormal(), -2.5), 2.5)
      time += meanRR * (1 + variability * z)
    }
    self.rPeaks = peaks
  }

  /// The time of measurement `index` from the recording's start (s): `index / samplingFrequency`.
  public func time(of index: Int) -> Double { Double(index) / samplingFrequency }

  /// The voltage of measurement `index` (µV): the waves of the beats around its time, plus the
  /// noise.
  public func voltage(at index: Int) -> Double {
    let t = time(of: index)
    // The first R peak after t, and the two beats on each side of it.
    var low = 0
    var high = rPeaks.count
    while low < high {
      let middle = (low + high) / 2
      if rPeaks[middle] < t { low = middle + 1 } else { high = middle }
    }
    var value = 0.0
    for beat in max(0, low - 2)..<min(rPeaks.count, low + 2) {
      for wave in waves {
        let d = (t - rPeaks[beat] - wave.offset) / wave.width
        if abs(d) < 8 { value += wave.amplitude * Elementary.exp(-d * d / 2) }
      }
    }
    if noiseAmplitude > 0 {
      let hash = SplitMix64.mix(seed ^ SplitMix64.mix(UInt64(truncatingIfNeeded: index)))
      let unit = Double(hash >> 11) / Double(UInt64(1) << 53)
      value += (unit * 2 - 1) * noiseAmplitude
    }
    return value
  }
}
