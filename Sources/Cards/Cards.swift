@_exported import Entries
