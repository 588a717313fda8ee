"""PP-OCR worker for Kakeibo: reads image paths as JSON lines on stdin, answers one JSON line each.

Started once per batch worker by `PPOCREngine` (Swift) and kept alive, so the models load once.
Runs the PaddleOCR PP-OCRv4 detection and recognition models through ONNX Runtime, from the
`rapidocr-onnxruntime` wheel, which ships the model files: nothing is downloaded at run time.

Protocol (one JSON object per line, UTF-8):
  hello   -> {"engine": "ppocr", "version": "...", "models": {"file.onnx": "sha256"}}
  request <- {"path": "/abs/image.jpg"}
  answer  -> {"width": W, "height": H, "observations": [{"text", "x", "y", "width", "height", "confidence"}]}
             or {"error": "what went wrong"}
Coordinates are normalised to 0..1 from the top left, as `TextObservation` expects.
"""
import hashlib
import json
import os
import sys


def main():
    # One thread per worker: the batch runs one worker per core (measured: 2 single-threaded
    # workers read more receipts per second than one worker with two threads).
    os.environ.setdefault("OMP_NUM_THREADS", "1")
    out = sys.stdout
    try:
        import cv2
        import rapidocr_onnxruntime
        from rapidocr_onnxruntime import RapidOCR
        from importlib.metadata import version
    except Exception as error:  # missing package: the Swift side reports it and falls back
        out.write(json.dumps({"error": "PP-OCR is not installed: %s" % error}) + "\n")
        out.flush()
        return 3
    package = os.path.dirname(rapidocr_onnxruntime.__file__)
    models = {}
    model_dir = os.path.join(package, "models")
    for name in sorted(os.listdir(model_dir)):
        if name.endswith(".onnx"):
            with open(os.path.join(model_dir, name), "rb") as handle:
                models[name] = hashlib.sha256(handle.read()).hexdigest()
    engine = RapidOCR(intra_op_num_threads=1, inter_op_num_threads=1)
    out.write(json.dumps({"engine": "ppocr", "version": "rapidocr-onnxruntime " + version("rapidocr-onnxruntime"),
                          "models": models}, sort_keys=True) + "\n")
    out.flush()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
            out.write(json.dumps(read(engine, cv2, request["path"]), sort_keys=True) + "\n")
        except Exception as error:
            out.write(json.dumps({"error": str(error) or type(error).__name__}) + "\n")
        out.flush()
    return 0


def read(engine, cv2, path):
    image = cv2.imread(path, cv2.IMREAD_COLOR)
    if image is None:
        return {"error": "not an image OpenCV can decode"}
    height, width = image.shape[:2]
    result, _ = engine(image)
    observations = []
    for box, text, score in result or []:
        xs = [point[0] for point in box]
        ys = [point[1] for point in box]
        left, top = max(min(xs), 0.0), max(min(ys), 0.0)
        right, bottom = min(max(xs), float(width)), min(max(ys), float(height))
        observations.append({
            "text": text,
            "x": round(left / width, 6),
            "y": round(top / height, 6),
            "width": round(max(right - left, 0.0) / width, 6),
            "height": round(max(bottom - top, 0.0) / height, 6),
            "confidence": round(float(score), 6),
        })
    return {"width": width, "height": height, "observations": observations}


if __name__ == "__main__":
    sys.exit(main())
