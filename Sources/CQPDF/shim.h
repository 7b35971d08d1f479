// qpdf's C API: the pass after cairo that adds what cairo 1.16 cannot
// write (output intents, trim and bleed boxes). Called only from
// Sources/Document/QPDFBinding.swift.
#include <qpdf/qpdf-c.h>
