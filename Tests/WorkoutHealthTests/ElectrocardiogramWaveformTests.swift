import Testing
import WorkoutCore

@testable import WorkoutHealth

@Suite("ECG waveform")
struct ElectrocardiogramWaveformTests {
  /// 60 count/min at 500 Hz without variability or noise: R peaks at 0.3, 1.3, 2.3, ... s.
  let exact = ElectrocardiogramWaveform(
    averageHeartRate: 60, samplingFrequency: 500, count: 15_000, seed: 7, variability: 0,
    noise: 0)

  @Test("R peaks one RR apart from 0.3 s")
  func peaks() {
    // 30 s of recording; peaks while t < 30 + 1: 0.3, 1.3, ..., 30.3 → 31 peaks.
    #expect(exact.rPeaks.count == 31)
    #expect(abs(exact.rPeaks[0] - 0.3) < 1e-12)
    #expect(abs(exact.rPeaks[10] - 10.3) < 1e-9)
  }

  @Test("Voltages at the R peak, the T peak and the baseline, by hand")
  func values() {
    // Index 150 is t = 150 / 500 = 0.3 s, the first R peak: R contributes 1000 µV; Q and S are
    // 0.035 s away with σ 0.01 s: d = 3.5, e^(−3.5²/2) = e^(−6.125) = 0.0021875, so
    // −80 × 0.0021875 − 200 × 0.0021875 = −0.6125; P (d = 0.16 / 0.025 = 6.4, e^(−20.48)) and
    // T (d = 0.25 / 0.045 = 5.56, e^(−15.4)) add less than 0.0001. 1000 − 0.6125 = 999.3875.
    #expect(abs(exact.voltage(at: 150) - 999.3875) < 0.001)
    // T peak at 0.3 + 0.25 × √1 = 0.55 s = index 275: 250 µV (the S wave is
    // (0.55 − 0.335) / 0.01 = 21.5 σ away, the next P (1.14 s) 23.6 σ).
    #expect(abs(exact.voltage(at: 275) - 250) < 0.001)
    // t = 0.8 s (index 400): T is (0.8 − 0.55) / 0.045 = 5.6 σ away (250 × e^(−15.4) ≈
    // 0.00005), the next P (1.14 s) 13.6 σ: the baseline, 0 µV.
    #expect(abs(exact.voltage(at: 400)) < 0.001)
  }

  @Test("A 72 count/min recording: 36 beats in 30 s, plausible microvolts, deterministic")
  func recording() {
    let recording = HealthElectrocardiogram(
      classification: 1, averageHeartRate: 72, samplingFrequency: 512,
      numberOfVoltageMeasurements: 15_360, seed: 42)
    let waveform = ElectrocardiogramWaveform(recording)
    let inRecording = waveform.rPeaks.filter { $0 < 30 }
    // 30 s × 72 / 60 = 36 beats; RR intervals vary by 2 % per beat.
    #expect((35...37).contains(inRecording.count))
    let meanRR = (inRecording.last! - inRecording.first!) / Double(inRecording.count - 1)
    // 60 / 72 = 0.8333 s, within 2 %.
    #expect(abs(meanRR - 0.8333) < 0.017)
    let voltages = (0..<waveform.count).map(waveform.voltage(at:))
    // R peaks reach 1000 ± 3 µV of noise; S dips to −200 − 3; nothing beyond.
    #expect(voltages.max()! > 990 && voltages.max()! < 1004)
    #expect(voltages.min()! > -215 && voltages.min()! < -150)
    // The same seed gives the same voltages; another seed another rhythm.
    let again = ElectrocardiogramWaveform(recording)
    #expect((0..<waveform.count).map(again.voltage(at:)) == voltages)
    var other = recording
    other.seed = 43
    #expect(ElectrocardiogramWaveform(other).rPeaks != waveform.rPeaks)
  }
}
