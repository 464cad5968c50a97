// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "recoil-inspect",
  platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
  products: [
    .library(name: "RecoilSnapshot", targets: ["RecoilSnapshot"]),
    .library(name: "RecoilRender", targets: ["RecoilRender"]),
    .library(name: "RecoilAtoms", targets: ["RecoilAtoms"]),
    .library(name: "RecoilStores", targets: ["RecoilStores"]),
    .library(name: "RecoilInspector", targets: ["RecoilInspector"]),
    .library(name: "RecoilInspectorReport", targets: ["RecoilInspectorReport"]),
    .executable(name: "recoil-inspect", targets: ["recoil-inspect"]),
    .executable(name: "recoil-bench", targets: ["recoil-bench"]),
    .executable(name: "cart-demo", targets: ["cart-demo"]),
    .plugin(name: "RecoilInspectPlugin", targets: ["RecoilInspectPlugin"]),
  ],
  targets: [
    // The snapshot model and its JSON codec (format v1): shared by every other module.
    .target(name: "RecoilSnapshot", dependencies: ["CFileExchange"]),
    // HTTP over POSIX sockets, without a networking library: the command line's `control`
    // and `export --otlp`, and an app's OpenTelemetry exporter, post with it.
    .target(name: "RecoilTransport", dependencies: ["RecoilSnapshot"]),
    // Linux's atomic swap of two paths (renameat2), which the imported C headers do not
    // declare: one header, nothing to link.
    .systemLibrary(name: "CFileExchange"),

    // The lowest module, shared by the atom graph, the stores, reflection, the inspector and
    // the renderer (not the snapshot), in four parts: Delivery (where callbacks run), Threads
    // (the lock, the thread's id, programmer errors), Recording (bounded buffers, sampled
    // timing, the clock, evaluation statistics) and Causality (the causal order and the cause
    // context).
    .target(name: "RecoilConcurrency"),
    // The atom graph: atoms, selectors, families, loadables, containers. Knows no inspector;
    // asks RecoilReflection which values are plain (kept as bits when recorded).
    .target(name: "RecoilAtoms", dependencies: ["RecoilConcurrency", "RecoilReflection"]),
    // Describing and diffing values by reflection, for stores and the inspector alike: action
    // names and payloads, previews, state diffs, and the metadata reader that checks itself.
    .target(name: "RecoilReflection", dependencies: ["RecoilConcurrency"]),
    // Redux stores: single reducer and slices, selectors, effects, middleware. Knows no inspector.
    .target(name: "RecoilStores", dependencies: ["RecoilConcurrency", "RecoilReflection"]),

    // Observes containers and stores: records, snapshots and streams live events.
    .target(
      name: "RecoilInspector",
      dependencies: [
        "RecoilSnapshot", "RecoilAtoms", "RecoilStores", "RecoilReflection", "RecoilConcurrency", "RecoilTransport",
      ]),

    // Graphviz's C libraries (cgraph + gvc), found through pkg-config.
    .systemLibrary(
      name: "CGraphviz",
      pkgConfig: "libgvc",
      providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
    ),
    // Snapshot -> cgraph graph -> gvc layout -> svg/png/pdf/dot.
    // The report page's script and style live in Report/Web/ and are embedded in the code at
    // build time (SwiftPM's embedInCode), so the command line is one binary.
    .target(
      name: "RecoilRender", dependencies: ["RecoilSnapshot", "CGraphviz", "RecoilConcurrency"],
      resources: [.embedInCode("Report/Web")]
    ),

    // Inspector artifacts with their HTML report beside them; links Graphviz, so for test targets.
    .target(
      name: "RecoilInspectorReport",
      dependencies: ["RecoilInspector", "RecoilRender", "RecoilSnapshot", "RecoilAtoms", "RecoilStores"]
    ),

    // The command line: argument parsing and commands only.
    .executableTarget(
      name: "recoil-inspect",
      dependencies: ["RecoilSnapshot", "RecoilRender", "RecoilTransport", "RecoilConcurrency"]
    ),

    // `swift package recoil-inspect <command>` in an app's package: the tool, built for it.
    .plugin(
      name: "RecoilInspectPlugin",
      capability: .command(
        intent: .custom(
          verb: "recoil-inspect",
          description:
            "Run recoil-inspect (render, report, check, diff ...); 'artifacts' renders, reports and checks what the tests left."
        ),
        permissions: [
          .writeToPackageDirectory(
            reason: "recoil-inspect writes pictures, reports and check results beside the snapshots")
        ]),
      dependencies: ["recoil-inspect"]
    ),

    // A scripted shopping-cart app that produces the real fixtures.
    .executableTarget(
      name: "cart-demo", dependencies: ["RecoilAtoms", "RecoilStores", "RecoilInspector", "RecoilSnapshot"]),

    // Generated graphs of the shapes the benchmark and the layout tests measure: the anchors'
    // layered DAG and app-shaped graphs (namespaces, families, stores).
    .target(name: "GraphShapes", dependencies: ["RecoilSnapshot"], path: "Benchmarks/GraphShapes"),
    .executableTarget(
      name: "recoil-bench",
      dependencies: [
        "RecoilSnapshot", "RecoilRender", "RecoilAtoms", "RecoilStores", "RecoilInspector", "RecoilConcurrency",
        "WebDriver", "GraphShapes",
      ],
      path: "Benchmarks/recoil-bench"
    ),

    .testTarget(name: "RecoilConcurrencyTests", dependencies: ["RecoilConcurrency"]),
    .testTarget(name: "RecoilSnapshotTests", dependencies: ["RecoilSnapshot"]),
    .testTarget(name: "RecoilAtomsTests", dependencies: ["RecoilAtoms"]),
    .testTarget(name: "RecoilStoresTests", dependencies: ["RecoilStores"]),
    .testTarget(name: "RecoilReflectionTests", dependencies: ["RecoilReflection"]),
    .testTarget(
      name: "RecoilInspectorTests",
      dependencies: [
        "RecoilInspector", "RecoilInspectorReport", "RecoilSnapshot", "RecoilAtoms", "RecoilStores", "cart-demo",
        "OTLPReceiver",
      ]
    ),
    .testTarget(name: "RecoilRenderTests", dependencies: ["RecoilRender", "RecoilSnapshot", "GraphShapes"]),
    // Drives headless Chromium over WebDriver: the report's browser tests and its benchmark.
    .target(name: "WebDriver", path: "Tests/WebDriver"),
    // PyPI's opentelemetry-proto as the tests' OpenTelemetry collector (check-otlp.py).
    .target(name: "OTLPReceiver", path: "Tests/OTLPReceiver", exclude: ["check-otlp.py"]),
    .testTarget(
      name: "ReportBrowserTests", dependencies: ["RecoilRender", "RecoilSnapshot", "WebDriver", "GraphShapes"]),
    .testTarget(name: "RecoilInspectTests", dependencies: ["recoil-inspect", "RecoilTransport"]),
    .testTarget(
      name: "RecoilInspectEndToEndTests", dependencies: ["RecoilSnapshot", "WebDriver", "OTLPReceiver", "GraphShapes"]),
    // Scenarios that must behave in an optimised build; ReleaseBuildTests build it in release.
    .executableTarget(
      name: "release-probe", dependencies: ["RecoilAtoms", "RecoilStores", "RecoilReflection"],
      path: "Tests/ReleaseProbe"),
    // Every Swift block of the README, compiled (ReadmeExamples.swift is generated from it).
    .testTarget(
      name: "ReadmeExamplesTests",
      dependencies: ["RecoilAtoms", "RecoilStores", "RecoilInspector", "RecoilSnapshot"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
