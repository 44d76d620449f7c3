/// The World Magnetic Model WMM2025's Gauss coefficients: the data ``GeomagneticField`` sums.
///
/// Source: NOAA NCEI Geomagnetic Modeling Team; British Geological Survey, 2024: "World
/// Magnetic Model 2025", NOAA National Centers for Environmental Information,
/// doi:10.25921/aqfd-sd83 (https://www.ncei.noaa.gov/products/world-magnetic-model), its
/// coefficient file `WMM.COF` (header `2025.0 WMM-2025 11/13/2024`); the model is described in
/// A. Chulliat et al., "The US/UK World Magnetic Model for 2025-2030: Technical Report", NOAA
/// NCEI (2025), doi:10.25923/prbc-s316. Notice: the WMM is a product of the US National
/// Geospatial-Intelligence Agency and the UK Defence Geographic Centre, produced by NOAA NCEI
/// and the BGS; NOAA distributes the model and its coefficients as a work of the US Government,
/// in the public domain in the United States (not subject to copyright, 17 U.S.C. § 105), free
/// to use and redistribute. The rows below are the file's 90 lines of numbers in its order,
/// each as printed there (`-0.0` written `0.0`, the same number): degree n, order m, g and h
/// in nT at the epoch 2025.0, and their yearly secular variations ġ and ḣ in nT/year. Every
/// row was compared with a second, independent copy of the table, and the model they make is
/// checked against NCEI's published test values (WMM2025_TEST_VALUES.txt;
/// Tests/WorkoutPhysiologyTests/GeomagneticFieldTests.swift).
public enum WMM2025 {
  /// One row of the coefficient file.
  public struct Coefficient: Sendable, Equatable {
    /// The degree n, 1...12.
    public var n: Int
    /// The order m, 0...n.
    public var m: Int
    /// gₙᵐ at the epoch, nT.
    public var g: Double
    /// hₙᵐ at the epoch, nT (0 where m = 0).
    public var h: Double
    /// ġₙᵐ, the secular variation of g, nT/year.
    public var gDot: Double
    /// ḣₙᵐ, the secular variation of h, nT/year.
    public var hDot: Double

    /// A row: n, m, g, h, ġ, ḣ as the file prints them.
    public init(
      _ n: Int, _ m: Int, _ g: Double, _ h: Double, _ gDot: Double, _ hDot: Double
    ) {
      self.n = n
      self.m = m
      self.g = g
      self.h = h
      self.gDot = gDot
      self.hDot = hDot
    }
  }

  /// The model's epoch, decimal year: 2025.0 (the file's header).
  public static let epoch = 2025.0

  /// The end of the model's validity, decimal year: 2030.0, five years after the epoch (the
  /// report; the next model, WMM2030, replaces it). After it, and before the epoch, the field
  /// is extrapolated (``GeomagneticField/isExtrapolated(year:)``).
  public static let end = 2030.0

  /// The largest degree (and order), 12.
  public static let degree = 12

  /// The model's reference radius a, m: 6 371 200 (the report's mean radius of the Earth).
  public static let referenceRadius = 6_371_200.0

  /// The 90 rows of `WMM.COF`, n = 1...12 and m = 0...n in the file's order.
  public static let coefficients: [Coefficient] = [
    Coefficient(1, 0, -29351.8, 0.0, 12.0, 0.0),
    Coefficient(1, 1, -1410.8, 4545.4, 9.7, -21.5),
    Coefficient(2, 0, -2556.6, 0.0, -11.6, 0.0),
    Coefficient(2, 1, 2951.1, -3133.6, -5.2, -27.7),
    Coefficient(2, 2, 1649.3, -815.1, -8.0, -12.1),
    Coefficient(3, 0, 1361.0, 0.0, -1.3, 0.0),
    Coefficient(3, 1, -2404.1, -56.6, -4.2, 4.0),
    Coefficient(3, 2, 1243.8, 237.5, 0.4, -0.3),
    Coefficient(3, 3, 453.6, -549.5, -15.6, -4.1),
    Coefficient(4, 0, 895.0, 0.0, -1.6, 0.0),
    Coefficient(4, 1, 799.5, 278.6, -2.4, -1.1),
    Coefficient(4, 2, 55.7, -133.9, -6.0, 4.1),
    Coefficient(4, 3, -281.1, 212.0, 5.6, 1.6),
    Coefficient(4, 4, 12.1, -375.6, -7.0, -4.4),
    Coefficient(5, 0, -233.2, 0.0, 0.6, 0.0),
    Coefficient(5, 1, 368.9, 45.4, 1.4, -0.5),
    Coefficient(5, 2, 187.2, 220.2, 0.0, 2.2),
    Coefficient(5, 3, -138.7, -122.9, 0.6, 0.4),
    Coefficient(5, 4, -142.0, 43.0, 2.2, 1.7),
    Coefficient(5, 5, 20.9, 106.1, 0.9, 1.9),
    Coefficient(6, 0, 64.4, 0.0, -0.2, 0.0),
    Coefficient(6, 1, 63.8, -18.4, -0.4, 0.3),
    Coefficient(6, 2, 76.9, 16.8, 0.9, -1.6),
    Coefficient(6, 3, -115.7, 48.8, 1.2, -0.4),
    Coefficient(6, 4, -40.9, -59.8, -0.9, 0.9),
    Coefficient(6, 5, 14.9, 10.9, 0.3, 0.7),
    Coefficient(6, 6, -60.7, 72.7, 0.9, 0.9),
    Coefficient(7, 0, 79.5, 0.0, 0.0, 0.0),
    Coefficient(7, 1, -77.0, -48.9, -0.1, 0.6),
    Coefficient(7, 2, -8.8, -14.4, -0.1, 0.5),
    Coefficient(7, 3, 59.3, -1.0, 0.5, -0.8),
    Coefficient(7, 4, 15.8, 23.4, -0.1, 0.0),
    Coefficient(7, 5, 2.5, -7.4, -0.8, -1.0),
    Coefficient(7, 6, -11.1, -25.1, -0.8, 0.6),
    Coefficient(7, 7, 14.2, -2.3, 0.8, -0.2),
    Coefficient(8, 0, 23.2, 0.0, -0.1, 0.0),
    Coefficient(8, 1, 10.8, 7.1, 0.2, -0.2),
    Coefficient(8, 2, -17.5, -12.6, 0.0, 0.5),
    Coefficient(8, 3, 2.0, 11.4, 0.5, -0.4),
    Coefficient(8, 4, -21.7, -9.7, -0.1, 0.4),
    Coefficient(8, 5, 16.9, 12.7, 0.3, -0.5),
    Coefficient(8, 6, 15.0, 0.7, 0.2, -0.6),
    Coefficient(8, 7, -16.8, -5.2, 0.0, 0.3),
    Coefficient(8, 8, 0.9, 3.9, 0.2, 0.2),
    Coefficient(9, 0, 4.6, 0.0, 0.0, 0.0),
    Coefficient(9, 1, 7.8, -24.8, -0.1, -0.3),
    Coefficient(9, 2, 3.0, 12.2, 0.1, 0.3),
    Coefficient(9, 3, -0.2, 8.3, 0.3, -0.3),
    Coefficient(9, 4, -2.5, -3.3, -0.3, 0.3),
    Coefficient(9, 5, -13.1, -5.2, 0.0, 0.2),
    Coefficient(9, 6, 2.4, 7.2, 0.3, -0.1),
    Coefficient(9, 7, 8.6, -0.6, -0.1, -0.2),
    Coefficient(9, 8, -8.7, 0.8, 0.1, 0.4),
    Coefficient(9, 9, -12.9, 10.0, -0.1, 0.1),
    Coefficient(10, 0, -1.3, 0.0, 0.1, 0.0),
    Coefficient(10, 1, -6.4, 3.3, 0.0, 0.0),
    Coefficient(10, 2, 0.2, 0.0, 0.1, 0.0),
    Coefficient(10, 3, 2.0, 2.4, 0.1, -0.2),
    Coefficient(10, 4, -1.0, 5.3, 0.0, 0.1),
    Coefficient(10, 5, -0.6, -9.1, -0.3, -0.1),
    Coefficient(10, 6, -0.9, 0.4, 0.0, 0.1),
    Coefficient(10, 7, 1.5, -4.2, -0.1, 0.0),
    Coefficient(10, 8, 0.9, -3.8, -0.1, -0.1),
    Coefficient(10, 9, -2.7, 0.9, 0.0, 0.2),
    Coefficient(10, 10, -3.9, -9.1, 0.0, 0.0),
    Coefficient(11, 0, 2.9, 0.0, 0.0, 0.0),
    Coefficient(11, 1, -1.5, 0.0, 0.0, 0.0),
    Coefficient(11, 2, -2.5, 2.9, 0.0, 0.1),
    Coefficient(11, 3, 2.4, -0.6, 0.0, 0.0),
    Coefficient(11, 4, -0.6, 0.2, 0.0, 0.1),
    Coefficient(11, 5, -0.1, 0.5, -0.1, 0.0),
    Coefficient(11, 6, -0.6, -0.3, 0.0, 0.0),
    Coefficient(11, 7, -0.1, -1.2, 0.0, 0.1),
    Coefficient(11, 8, 1.1, -1.7, -0.1, 0.0),
    Coefficient(11, 9, -1.0, -2.9, -0.1, 0.0),
    Coefficient(11, 10, -0.2, -1.8, -0.1, 0.0),
    Coefficient(11, 11, 2.6, -2.3, -0.1, 0.0),
    Coefficient(12, 0, -2.0, 0.0, 0.0, 0.0),
    Coefficient(12, 1, -0.2, -1.3, 0.0, 0.0),
    Coefficient(12, 2, 0.3, 0.7, 0.0, 0.0),
    Coefficient(12, 3, 1.2, 1.0, 0.0, -0.1),
    Coefficient(12, 4, -1.3, -1.4, 0.0, 0.1),
    Coefficient(12, 5, 0.6, 0.0, 0.0, 0.0),
    Coefficient(12, 6, 0.6, 0.6, 0.1, 0.0),
    Coefficient(12, 7, 0.5, -0.1, 0.0, 0.0),
    Coefficient(12, 8, -0.1, 0.8, 0.0, 0.0),
    Coefficient(12, 9, -0.4, 0.1, 0.0, 0.0),
    Coefficient(12, 10, -0.2, -1.0, -0.1, 0.0),
    Coefficient(12, 11, -1.3, 0.1, 0.0, 0.0),
    Coefficient(12, 12, -0.7, 0.2, -0.1, -0.1),
  ]
}
