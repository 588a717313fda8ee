import ArgumentParser
import Foundation
import KakeiboReceiptFiles
import KakeiboReceipts
import KakeiboReceiptsTraining

/// Receipts with truth (`<id>.jpg|png` + `<id>.json`) from one or more folders, read by an OCR engine, with the
/// observations optionally kept in a cache folder so parser work can be repeated without OCR.
struct ReceiptCorpus {
    struct Receipt {
        var id: String
        var path: String
        var truth: ReceiptTruth
        var observations: [TextObservation] = []
        var error: (any Error)?
    }

    var receipts: [Receipt]
    /// The engine that read the receipts not found in the cache, if any were read.
    var engineName: String?

    init(directories: [String]) throws {
        receipts = []
        for directory in directories {
            let folder = URL(fileURLWithPath: directory, isDirectory: true)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
                throw CommandFailure("cannot read the folder \(directory): check the path")
            }
            for name in names.sorted() {
                let url = folder.appendingPathComponent(name)
                guard ["jpg", "jpeg", "png"].contains(url.pathExtension.lowercased()) else { continue }
                let id = url.deletingPathExtension().lastPathComponent
                guard let truth = try? ReceiptTruth.load(folder.appendingPathComponent(id + ".json")) else { continue }
                receipts.append(Receipt(id: id, path: url.path, truth: truth))
            }
        }
        guard !receipts.isEmpty else { throw CommandFailure("no <id>.jpg|png with a <id>.json truth in \(directories.joined(separator: ", "))") }
    }

    /// Fills every receipt's observations: from `cache` where a file is there, else by OCR (written back to `cache`).
    mutating func read(with batch: ReceiptBatch?, cache: String?) {
        let folder = cache.map { URL(fileURLWithPath: $0, isDirectory: true) }
        var missing: [Int] = []
        for index in receipts.indices {
            if let folder, let data = try? Data(contentsOf: folder.appendingPathComponent(receipts[index].id + ".json")),
               let observations = ReceiptFile.observations(in: data) {
                receipts[index].observations = observations
            } else {
                missing.append(index)
            }
        }
        guard !missing.isEmpty, let batch else { return }
        for (index, item) in zip(missing, batch.recognize(missing.map { receipts[$0].path })) {
            engineName = engineName ?? item.engine?.name
            if let folder, let engine = item.engine, (try? Self.engine(in: folder.path)) == nil {
                try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try? JSONEncoder.sorted.encode(engine).write(to: folder.appendingPathComponent(Self.engineFile))
            }
            switch item.result {
            case .success(let page):
                receipts[index].observations = page.observations
                if let folder {
                    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                    try? JSONEncoder().encode(page.observations).write(to: folder.appendingPathComponent(receipts[index].id + ".json"))
                }
            case .failure(let error):
                receipts[index].error = error
            }
        }
    }

    /// The cache's record of the engine that filled it (name, version, model files' SHA-256), for the model's provenance.
    static let engineFile = "engine.json"

    static func engine(in cache: String) throws -> OCREngineDescriptor {
        try JSONDecoder().decode(OCREngineDescriptor.self, from: Data(contentsOf: URL(fileURLWithPath: cache).appendingPathComponent(engineFile)))
    }

    /// Every receipt as a training example: the hand rules' reading and the candidates with features.
    func labelled(parser: ReceiptParser = ReceiptParser()) -> [LabelledReceipt] {
        receipts.map { receipt in
            let (rules, candidates) = parser.read(rows: parser.rows(from: receipt.observations))
            return LabelledReceipt(id: receipt.id, truth: receipt.truth, rules: rules, candidates: candidates)
        }
    }
}

private extension JSONEncoder {
    static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
