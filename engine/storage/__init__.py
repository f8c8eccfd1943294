"""Storage, a leaf: the on-disk cache of keyed, signed records and the JSON codec they are
written in. It knows no edition: the types a record may hold are given to the codec.
"""
