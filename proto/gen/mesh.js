/*eslint-disable block-scoped-var, id-length, no-control-regex, no-magic-numbers, no-mixed-operators, no-prototype-builtins, no-redeclare, no-shadow, no-var, sort-vars, default-case, jsdoc/require-param*/
import $protobuf from "protobufjs/minimal.js";

// Common aliases
const $Reader = $protobuf.Reader, $Writer = $protobuf.Writer, $util = $protobuf.util;
const $Object = $util.global.Object, $undefined = $util.global.undefined, $Error = $util.global.Error, $RangeError = $util.global.RangeError;

// Exported root namespace
const $root = $protobuf.roots["default"] || ($protobuf.roots["default"] = {});

export const aioscomm = $root.aioscomm = (() => {

    /**
     * Namespace aioscomm.
     * @exports aioscomm
     * @namespace
     */
    const aioscomm = {};

    aioscomm.v1 = (function() {

        /**
         * Namespace v1.
         * @memberof aioscomm
         * @namespace
         */
        const v1 = {};

        v1.SignedEnvelope = (function() {

            /**
             * Properties of a SignedEnvelope.
             * @typedef {Object} aioscomm.v1.SignedEnvelope.$Properties
             * @property {string|null} [payloadType] SignedEnvelope payloadType
             * @property {Uint8Array|null} [payload] SignedEnvelope payload
             * @property {Uint8Array|null} [signer] SignedEnvelope signer
             * @property {Uint8Array|null} [signature] SignedEnvelope signature
             * @property {aioscomm.v1.BatchProof.$Properties|null} [batch] SignedEnvelope batch
             * @property {"signature"|"batch"} [proof] SignedEnvelope proof
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a SignedEnvelope.
             * @memberof aioscomm.v1
             * @interface ISignedEnvelope
             * @augments aioscomm.v1.SignedEnvelope.$Properties
             * @deprecated Use aioscomm.v1.SignedEnvelope.$Properties instead.
             */

            /**
             * Narrowed shape of a SignedEnvelope.
             * @typedef {{
             *   payloadType?: string|null;
             *   payload?: Uint8Array|null;
             *   signer?: Uint8Array|null;
             *   signature?: Uint8Array|null;
             *   batch?: aioscomm.v1.BatchProof.$Shape|null;
             *   $unknowns?: Array.<Uint8Array>;
             * } & (
             *   ({ proof?: undefined; signature?: null; batch?: null }|{ proof?: "signature"; signature: Uint8Array; batch?: null }|{ proof?: "batch"; signature?: null; batch: aioscomm.v1.BatchProof.$Shape })
             * )} aioscomm.v1.SignedEnvelope.$Shape
             */

            /**
             * Constructs a new SignedEnvelope.
             * @memberof aioscomm.v1
             * @classdesc Represents a SignedEnvelope.
             * @constructor
             * @param {aioscomm.v1.SignedEnvelope.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const SignedEnvelope = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * SignedEnvelope payloadType.
             * @member {string} payloadType
             * @memberof aioscomm.v1.SignedEnvelope
             * @instance
             */
            SignedEnvelope.prototype.payloadType = "";

            /**
             * SignedEnvelope payload.
             * @member {Uint8Array} payload
             * @memberof aioscomm.v1.SignedEnvelope
             * @instance
             */
            SignedEnvelope.prototype.payload = $util.newBuffer([]);

            /**
             * SignedEnvelope signer.
             * @member {Uint8Array} signer
             * @memberof aioscomm.v1.SignedEnvelope
             * @instance
             */
            SignedEnvelope.prototype.signer = $util.newBuffer([]);

            /**
             * SignedEnvelope signature.
             * @member {Uint8Array|null|undefined} signature
             * @memberof aioscomm.v1.SignedEnvelope
             * @instance
             */
            SignedEnvelope.prototype.signature = null;

            /**
             * SignedEnvelope batch.
             * @member {aioscomm.v1.BatchProof.$Properties|null|undefined} batch
             * @memberof aioscomm.v1.SignedEnvelope
             * @instance
             */
            SignedEnvelope.prototype.batch = null;

            // OneOf field names bound to virtual getters and setters
            let $oneOfFields;

            /**
             * SignedEnvelope proof.
             * @member {"signature"|"batch"|undefined} proof
             * @memberof aioscomm.v1.SignedEnvelope
             * @instance
             */
            $Object.defineProperty(SignedEnvelope.prototype, "proof", {
                get: $util.oneOfGetter($oneOfFields = ["signature", "batch"]),
                set: $util.oneOfSetter($oneOfFields)
            });

            /**
             * Encodes the specified SignedEnvelope message. Does not implicitly {@link aioscomm.v1.SignedEnvelope.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.SignedEnvelope
             * @static
             * @param {aioscomm.v1.SignedEnvelope.$Properties} message SignedEnvelope message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            SignedEnvelope.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.payloadType != null && $Object.hasOwnProperty.call(message, "payloadType") && message.payloadType !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.payloadType);
                if (message.payload != null && $Object.hasOwnProperty.call(message, "payload") && message.payload.length)
                    writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.payload);
                if (message.signer != null && $Object.hasOwnProperty.call(message, "signer") && message.signer.length)
                    writer.uint32(/* id 3, wireType 2 =*/26).bytes(message.signer);
                if (message.signature != null && $Object.hasOwnProperty.call(message, "signature"))
                    writer.uint32(/* id 4, wireType 2 =*/34).bytes(message.signature);
                if (message.batch != null && $Object.hasOwnProperty.call(message, "batch"))
                    $root.aioscomm.v1.BatchProof.encode(message.batch, writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a SignedEnvelope message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.SignedEnvelope
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.SignedEnvelope & aioscomm.v1.SignedEnvelope.$Shape} SignedEnvelope
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            SignedEnvelope.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.SignedEnvelope();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.payloadType = value;
                            else
                                delete message.payloadType;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.payload = value;
                            else
                                delete message.payload;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.signer = value;
                            else
                                delete message.signer;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            message.signature = reader.bytes();
                            message.proof = "signature";
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            message.batch = $root.aioscomm.v1.BatchProof.decode(reader, reader.size(), $undefined, _depth + 1, message.batch);
                            message.proof = "batch";
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for SignedEnvelope
             * @function getTypeUrl
             * @memberof aioscomm.v1.SignedEnvelope
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            SignedEnvelope.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.SignedEnvelope";
            };

            return SignedEnvelope;
        })();

        v1.BatchProof = (function() {

            /**
             * Properties of a BatchProof.
             * @typedef {Object} aioscomm.v1.BatchProof.$Properties
             * @property {Uint8Array|null} [root] BatchProof root
             * @property {number|null} [index] BatchProof index
             * @property {number|null} [count] BatchProof count
             * @property {Array.<Uint8Array>|null} [path] BatchProof path
             * @property {Uint8Array|null} [signature] BatchProof signature
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a BatchProof.
             * @memberof aioscomm.v1
             * @interface IBatchProof
             * @augments aioscomm.v1.BatchProof.$Properties
             * @deprecated Use aioscomm.v1.BatchProof.$Properties instead.
             */

            /**
             * Shape of a BatchProof.
             * @typedef {aioscomm.v1.BatchProof.$Properties} aioscomm.v1.BatchProof.$Shape
             */

            /**
             * Constructs a new BatchProof.
             * @memberof aioscomm.v1
             * @classdesc Represents a BatchProof.
             * @constructor
             * @param {aioscomm.v1.BatchProof.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const BatchProof = function (properties) {
                this.path = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * BatchProof root.
             * @member {Uint8Array} root
             * @memberof aioscomm.v1.BatchProof
             * @instance
             */
            BatchProof.prototype.root = $util.newBuffer([]);

            /**
             * BatchProof index.
             * @member {number} index
             * @memberof aioscomm.v1.BatchProof
             * @instance
             */
            BatchProof.prototype.index = 0;

            /**
             * BatchProof count.
             * @member {number} count
             * @memberof aioscomm.v1.BatchProof
             * @instance
             */
            BatchProof.prototype.count = 0;

            /**
             * BatchProof path.
             * @member {Array.<Uint8Array>} path
             * @memberof aioscomm.v1.BatchProof
             * @instance
             */
            BatchProof.prototype.path = $util.emptyArray;

            /**
             * BatchProof signature.
             * @member {Uint8Array} signature
             * @memberof aioscomm.v1.BatchProof
             * @instance
             */
            BatchProof.prototype.signature = $util.newBuffer([]);

            /**
             * Encodes the specified BatchProof message. Does not implicitly {@link aioscomm.v1.BatchProof.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.BatchProof
             * @static
             * @param {aioscomm.v1.BatchProof.$Properties} message BatchProof message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            BatchProof.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.root != null && $Object.hasOwnProperty.call(message, "root") && message.root.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.root);
                if (message.index != null && $Object.hasOwnProperty.call(message, "index") && message.index !== 0)
                    writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.index);
                if (message.count != null && $Object.hasOwnProperty.call(message, "count") && message.count !== 0)
                    writer.uint32(/* id 3, wireType 0 =*/24).uint32(message.count);
                if (message.path != null && message.path.length)
                    for (let i = 0; i < message.path.length; ++i)
                        writer.uint32(/* id 4, wireType 2 =*/34).bytes(message.path[i]);
                if (message.signature != null && $Object.hasOwnProperty.call(message, "signature") && message.signature.length)
                    writer.uint32(/* id 5, wireType 2 =*/42).bytes(message.signature);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a BatchProof message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.BatchProof
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.BatchProof & aioscomm.v1.BatchProof.$Shape} BatchProof
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            BatchProof.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.BatchProof();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.root = value;
                            else
                                delete message.root;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.index = value;
                            else
                                delete message.index;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.count = value;
                            else
                                delete message.count;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            if (!(message.path && message.path.length))
                                message.path = [];
                            message.path.push(reader.bytes());
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.signature = value;
                            else
                                delete message.signature;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for BatchProof
             * @function getTypeUrl
             * @memberof aioscomm.v1.BatchProof
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            BatchProof.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.BatchProof";
            };

            return BatchProof;
        })();

        v1.Attachment = (function() {

            /**
             * Properties of an Attachment.
             * @typedef {Object} aioscomm.v1.Attachment.$Properties
             * @property {string|null} [name] Attachment name
             * @property {string|null} [contentType] Attachment contentType
             * @property {Uint8Array|null} [sha256] Attachment sha256
             * @property {number|null} [size] Attachment size
             * @property {Uint8Array|null} [inline] Attachment inline
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an Attachment.
             * @memberof aioscomm.v1
             * @interface IAttachment
             * @augments aioscomm.v1.Attachment.$Properties
             * @deprecated Use aioscomm.v1.Attachment.$Properties instead.
             */

            /**
             * Shape of an Attachment.
             * @typedef {aioscomm.v1.Attachment.$Properties} aioscomm.v1.Attachment.$Shape
             */

            /**
             * Constructs a new Attachment.
             * @memberof aioscomm.v1
             * @classdesc Represents an Attachment.
             * @constructor
             * @param {aioscomm.v1.Attachment.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Attachment = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Attachment name.
             * @member {string} name
             * @memberof aioscomm.v1.Attachment
             * @instance
             */
            Attachment.prototype.name = "";

            /**
             * Attachment contentType.
             * @member {string} contentType
             * @memberof aioscomm.v1.Attachment
             * @instance
             */
            Attachment.prototype.contentType = "";

            /**
             * Attachment sha256.
             * @member {Uint8Array} sha256
             * @memberof aioscomm.v1.Attachment
             * @instance
             */
            Attachment.prototype.sha256 = $util.newBuffer([]);

            /**
             * Attachment size.
             * @member {number} size
             * @memberof aioscomm.v1.Attachment
             * @instance
             */
            Attachment.prototype.size = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Attachment inline.
             * @member {Uint8Array} inline
             * @memberof aioscomm.v1.Attachment
             * @instance
             */
            Attachment.prototype.inline = $util.newBuffer([]);

            /**
             * Encodes the specified Attachment message. Does not implicitly {@link aioscomm.v1.Attachment.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.Attachment
             * @static
             * @param {aioscomm.v1.Attachment.$Properties} message Attachment message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Attachment.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.name != null && $Object.hasOwnProperty.call(message, "name") && message.name !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.name);
                if (message.contentType != null && $Object.hasOwnProperty.call(message, "contentType") && message.contentType !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.contentType);
                if (message.sha256 != null && $Object.hasOwnProperty.call(message, "sha256") && message.sha256.length)
                    writer.uint32(/* id 3, wireType 2 =*/26).bytes(message.sha256);
                if (message.size != null && $Object.hasOwnProperty.call(message, "size") && (typeof message.size === "object" ? message.size.low || message.size.high : message.size !== 0))
                    writer.uint32(/* id 4, wireType 0 =*/32).uint64(message.size);
                if (message.inline != null && $Object.hasOwnProperty.call(message, "inline") && message.inline.length)
                    writer.uint32(/* id 5, wireType 2 =*/42).bytes(message.inline);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes an Attachment message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.Attachment
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.Attachment & aioscomm.v1.Attachment.$Shape} Attachment
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Attachment.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.Attachment();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.name = value;
                            else
                                delete message.name;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.contentType = value;
                            else
                                delete message.contentType;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.sha256 = value;
                            else
                                delete message.sha256;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.size = value;
                            else
                                delete message.size;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.inline = value;
                            else
                                delete message.inline;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for Attachment
             * @function getTypeUrl
             * @memberof aioscomm.v1.Attachment
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Attachment.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.Attachment";
            };

            return Attachment;
        })();

        v1.Message = (function() {

            /**
             * Properties of a Message.
             * @typedef {Object} aioscomm.v1.Message.$Properties
             * @property {Uint8Array|null} [id] Message id
             * @property {string|null} [from] Message from
             * @property {string|null} [to] Message to
             * @property {number|null} [sentAtMs] Message sentAtMs
             * @property {string|null} [thread] Message thread
             * @property {Uint8Array|null} [replyTo] Message replyTo
             * @property {string|null} [contentType] Message contentType
             * @property {Uint8Array|null} [body] Message body
             * @property {aioscomm.v1.ReceiptState|null} [require] Message require
             * @property {number|null} [expiresAtMs] Message expiresAtMs
             * @property {Array.<aioscomm.v1.Attachment.$Properties>|null} [attachments] Message attachments
             * @property {Uint8Array|null} [fromKey] Message fromKey
             * @property {string|null} [auditor] Message auditor
             * @property {string|null} [traceparent] Message traceparent
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Message.
             * @memberof aioscomm.v1
             * @interface IMessage
             * @augments aioscomm.v1.Message.$Properties
             * @deprecated Use aioscomm.v1.Message.$Properties instead.
             */

            /**
             * Shape of a Message.
             * @typedef {aioscomm.v1.Message.$Properties} aioscomm.v1.Message.$Shape
             */

            /**
             * Constructs a new Message.
             * @memberof aioscomm.v1
             * @classdesc Represents a Message.
             * @constructor
             * @param {aioscomm.v1.Message.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Message = function (properties) {
                this.attachments = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Message id.
             * @member {Uint8Array} id
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.id = $util.newBuffer([]);

            /**
             * Message from.
             * @member {string} from
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.from = "";

            /**
             * Message to.
             * @member {string} to
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.to = "";

            /**
             * Message sentAtMs.
             * @member {number} sentAtMs
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.sentAtMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Message thread.
             * @member {string} thread
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.thread = "";

            /**
             * Message replyTo.
             * @member {Uint8Array} replyTo
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.replyTo = $util.newBuffer([]);

            /**
             * Message contentType.
             * @member {string} contentType
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.contentType = "";

            /**
             * Message body.
             * @member {Uint8Array} body
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.body = $util.newBuffer([]);

            /**
             * Message require.
             * @member {aioscomm.v1.ReceiptState} require
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.require = 0;

            /**
             * Message expiresAtMs.
             * @member {number} expiresAtMs
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.expiresAtMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Message attachments.
             * @member {Array.<aioscomm.v1.Attachment.$Properties>} attachments
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.attachments = $util.emptyArray;

            /**
             * Message fromKey.
             * @member {Uint8Array} fromKey
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.fromKey = $util.newBuffer([]);

            /**
             * Message auditor.
             * @member {string} auditor
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.auditor = "";

            /**
             * Message traceparent.
             * @member {string} traceparent
             * @memberof aioscomm.v1.Message
             * @instance
             */
            Message.prototype.traceparent = "";

            /**
             * Encodes the specified Message message. Does not implicitly {@link aioscomm.v1.Message.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.Message
             * @static
             * @param {aioscomm.v1.Message.$Properties} message Message message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Message.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.id != null && $Object.hasOwnProperty.call(message, "id") && message.id.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.id);
                if (message.from != null && $Object.hasOwnProperty.call(message, "from") && message.from !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.from);
                if (message.to != null && $Object.hasOwnProperty.call(message, "to") && message.to !== "")
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.to);
                if (message.sentAtMs != null && $Object.hasOwnProperty.call(message, "sentAtMs") && (typeof message.sentAtMs === "object" ? message.sentAtMs.low || message.sentAtMs.high : message.sentAtMs !== 0))
                    writer.uint32(/* id 4, wireType 0 =*/32).uint64(message.sentAtMs);
                if (message.thread != null && $Object.hasOwnProperty.call(message, "thread") && message.thread !== "")
                    writer.uint32(/* id 5, wireType 2 =*/42).string(message.thread);
                if (message.replyTo != null && $Object.hasOwnProperty.call(message, "replyTo") && message.replyTo.length)
                    writer.uint32(/* id 6, wireType 2 =*/50).bytes(message.replyTo);
                if (message.contentType != null && $Object.hasOwnProperty.call(message, "contentType") && message.contentType !== "")
                    writer.uint32(/* id 7, wireType 2 =*/58).string(message.contentType);
                if (message.body != null && $Object.hasOwnProperty.call(message, "body") && message.body.length)
                    writer.uint32(/* id 8, wireType 2 =*/66).bytes(message.body);
                if (message.require != null && $Object.hasOwnProperty.call(message, "require") && message.require !== 0)
                    writer.uint32(/* id 9, wireType 0 =*/72).int32(message.require);
                if (message.expiresAtMs != null && $Object.hasOwnProperty.call(message, "expiresAtMs") && (typeof message.expiresAtMs === "object" ? message.expiresAtMs.low || message.expiresAtMs.high : message.expiresAtMs !== 0))
                    writer.uint32(/* id 10, wireType 0 =*/80).uint64(message.expiresAtMs);
                if (message.attachments != null && message.attachments.length)
                    for (let i = 0; i < message.attachments.length; ++i)
                        $root.aioscomm.v1.Attachment.encode(message.attachments[i], writer.uint32(/* id 11, wireType 2 =*/90).fork(), _depth + 1).ldelim();
                if (message.fromKey != null && $Object.hasOwnProperty.call(message, "fromKey") && message.fromKey.length)
                    writer.uint32(/* id 12, wireType 2 =*/98).bytes(message.fromKey);
                if (message.auditor != null && $Object.hasOwnProperty.call(message, "auditor") && message.auditor !== "")
                    writer.uint32(/* id 13, wireType 2 =*/106).string(message.auditor);
                if (message.traceparent != null && $Object.hasOwnProperty.call(message, "traceparent") && message.traceparent !== "")
                    writer.uint32(/* id 14, wireType 2 =*/114).string(message.traceparent);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Message message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.Message
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.Message & aioscomm.v1.Message.$Shape} Message
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Message.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.Message();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.id = value;
                            else
                                delete message.id;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.from = value;
                            else
                                delete message.from;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.to = value;
                            else
                                delete message.to;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.sentAtMs = value;
                            else
                                delete message.sentAtMs;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.thread = value;
                            else
                                delete message.thread;
                            continue;
                        }
                    case 6: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.replyTo = value;
                            else
                                delete message.replyTo;
                            continue;
                        }
                    case 7: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.contentType = value;
                            else
                                delete message.contentType;
                            continue;
                        }
                    case 8: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.body = value;
                            else
                                delete message.body;
                            continue;
                        }
                    case 9: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.require = value;
                            else
                                delete message.require;
                            continue;
                        }
                    case 10: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.expiresAtMs = value;
                            else
                                delete message.expiresAtMs;
                            continue;
                        }
                    case 11: {
                            if (wireType !== 2)
                                break;
                            if (!(message.attachments && message.attachments.length))
                                message.attachments = [];
                            message.attachments.push($root.aioscomm.v1.Attachment.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 12: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.fromKey = value;
                            else
                                delete message.fromKey;
                            continue;
                        }
                    case 13: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.auditor = value;
                            else
                                delete message.auditor;
                            continue;
                        }
                    case 14: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.traceparent = value;
                            else
                                delete message.traceparent;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for Message
             * @function getTypeUrl
             * @memberof aioscomm.v1.Message
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Message.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.Message";
            };

            return Message;
        })();

        /**
         * ReceiptState enum.
         * @name aioscomm.v1.ReceiptState
         * @enum {number}
         * @property {number} RECEIPT_STATE_UNSPECIFIED=0 RECEIPT_STATE_UNSPECIFIED value
         * @property {number} DELIVERED=1 DELIVERED value
         * @property {number} READ=2 READ value
         * @property {number} CONSUMED=3 CONSUMED value
         * @property {number} COMPLETE=4 COMPLETE value
         * @property {number} REJECTED=5 REJECTED value
         * @property {number} CANCELED=6 CANCELED value
         * @property {number} AUDITED=7 AUDITED value
         */
        v1.ReceiptState = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "RECEIPT_STATE_UNSPECIFIED"] = 0;
            values[valuesById[1] = "DELIVERED"] = 1;
            values[valuesById[2] = "READ"] = 2;
            values[valuesById[3] = "CONSUMED"] = 3;
            values[valuesById[4] = "COMPLETE"] = 4;
            values[valuesById[5] = "REJECTED"] = 5;
            values[valuesById[6] = "CANCELED"] = 6;
            values[valuesById[7] = "AUDITED"] = 7;
            return values;
        })();

        /**
         * AuditVerdict enum.
         * @name aioscomm.v1.AuditVerdict
         * @enum {number}
         * @property {number} AUDIT_VERDICT_UNSPECIFIED=0 AUDIT_VERDICT_UNSPECIFIED value
         * @property {number} PASS=1 PASS value
         * @property {number} FAIL=2 FAIL value
         */
        v1.AuditVerdict = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "AUDIT_VERDICT_UNSPECIFIED"] = 0;
            values[valuesById[1] = "PASS"] = 1;
            values[valuesById[2] = "FAIL"] = 2;
            return values;
        })();

        v1.Evidence = (function() {

            /**
             * Properties of an Evidence.
             * @typedef {Object} aioscomm.v1.Evidence.$Properties
             * @property {string|null} [path] Evidence path
             * @property {Uint8Array|null} [sha256] Evidence sha256
             * @property {number|null} [size] Evidence size
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an Evidence.
             * @memberof aioscomm.v1
             * @interface IEvidence
             * @augments aioscomm.v1.Evidence.$Properties
             * @deprecated Use aioscomm.v1.Evidence.$Properties instead.
             */

            /**
             * Shape of an Evidence.
             * @typedef {aioscomm.v1.Evidence.$Properties} aioscomm.v1.Evidence.$Shape
             */

            /**
             * Constructs a new Evidence.
             * @memberof aioscomm.v1
             * @classdesc Represents an Evidence.
             * @constructor
             * @param {aioscomm.v1.Evidence.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Evidence = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Evidence path.
             * @member {string} path
             * @memberof aioscomm.v1.Evidence
             * @instance
             */
            Evidence.prototype.path = "";

            /**
             * Evidence sha256.
             * @member {Uint8Array} sha256
             * @memberof aioscomm.v1.Evidence
             * @instance
             */
            Evidence.prototype.sha256 = $util.newBuffer([]);

            /**
             * Evidence size.
             * @member {number} size
             * @memberof aioscomm.v1.Evidence
             * @instance
             */
            Evidence.prototype.size = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Encodes the specified Evidence message. Does not implicitly {@link aioscomm.v1.Evidence.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.Evidence
             * @static
             * @param {aioscomm.v1.Evidence.$Properties} message Evidence message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Evidence.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.path != null && $Object.hasOwnProperty.call(message, "path") && message.path !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.path);
                if (message.sha256 != null && $Object.hasOwnProperty.call(message, "sha256") && message.sha256.length)
                    writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.sha256);
                if (message.size != null && $Object.hasOwnProperty.call(message, "size") && (typeof message.size === "object" ? message.size.low || message.size.high : message.size !== 0))
                    writer.uint32(/* id 3, wireType 0 =*/24).uint64(message.size);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes an Evidence message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.Evidence
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.Evidence & aioscomm.v1.Evidence.$Shape} Evidence
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Evidence.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.Evidence();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.path = value;
                            else
                                delete message.path;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.sha256 = value;
                            else
                                delete message.sha256;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.size = value;
                            else
                                delete message.size;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for Evidence
             * @function getTypeUrl
             * @memberof aioscomm.v1.Evidence
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Evidence.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.Evidence";
            };

            return Evidence;
        })();

        v1.Receipt = (function() {

            /**
             * Properties of a Receipt.
             * @typedef {Object} aioscomm.v1.Receipt.$Properties
             * @property {Uint8Array|null} [messageId] Receipt messageId
             * @property {Uint8Array|null} [messageHash] Receipt messageHash
             * @property {string|null} [actor] Receipt actor
             * @property {aioscomm.v1.ReceiptState|null} [state] Receipt state
             * @property {number|null} [atMs] Receipt atMs
             * @property {string|null} [note] Receipt note
             * @property {aioscomm.v1.Evidence.$Properties|null} [evidence] Receipt evidence
             * @property {string|null} [code] Receipt code
             * @property {string|null} [from] Receipt from
             * @property {Uint8Array|null} [header] Receipt header
             * @property {number|null} [fence] Receipt fence
             * @property {Uint8Array|null} [lease] Receipt lease
             * @property {number|null} [round] Receipt round
             * @property {aioscomm.v1.AuditVerdict|null} [verdict] Receipt verdict
             * @property {Uint8Array|null} [audited] Receipt audited
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Receipt.
             * @memberof aioscomm.v1
             * @interface IReceipt
             * @augments aioscomm.v1.Receipt.$Properties
             * @deprecated Use aioscomm.v1.Receipt.$Properties instead.
             */

            /**
             * Shape of a Receipt.
             * @typedef {aioscomm.v1.Receipt.$Properties} aioscomm.v1.Receipt.$Shape
             */

            /**
             * Constructs a new Receipt.
             * @memberof aioscomm.v1
             * @classdesc Represents a Receipt.
             * @constructor
             * @param {aioscomm.v1.Receipt.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Receipt = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Receipt messageId.
             * @member {Uint8Array} messageId
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.messageId = $util.newBuffer([]);

            /**
             * Receipt messageHash.
             * @member {Uint8Array} messageHash
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.messageHash = $util.newBuffer([]);

            /**
             * Receipt actor.
             * @member {string} actor
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.actor = "";

            /**
             * Receipt state.
             * @member {aioscomm.v1.ReceiptState} state
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.state = 0;

            /**
             * Receipt atMs.
             * @member {number} atMs
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.atMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Receipt note.
             * @member {string} note
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.note = "";

            /**
             * Receipt evidence.
             * @member {aioscomm.v1.Evidence.$Properties|null|undefined} evidence
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.evidence = null;

            /**
             * Receipt code.
             * @member {string} code
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.code = "";

            /**
             * Receipt from.
             * @member {string} from
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.from = "";

            /**
             * Receipt header.
             * @member {Uint8Array} header
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.header = $util.newBuffer([]);

            /**
             * Receipt fence.
             * @member {number} fence
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.fence = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Receipt lease.
             * @member {Uint8Array} lease
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.lease = $util.newBuffer([]);

            /**
             * Receipt round.
             * @member {number} round
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.round = 0;

            /**
             * Receipt verdict.
             * @member {aioscomm.v1.AuditVerdict} verdict
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.verdict = 0;

            /**
             * Receipt audited.
             * @member {Uint8Array} audited
             * @memberof aioscomm.v1.Receipt
             * @instance
             */
            Receipt.prototype.audited = $util.newBuffer([]);

            /**
             * Encodes the specified Receipt message. Does not implicitly {@link aioscomm.v1.Receipt.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.Receipt
             * @static
             * @param {aioscomm.v1.Receipt.$Properties} message Receipt message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Receipt.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.messageId != null && $Object.hasOwnProperty.call(message, "messageId") && message.messageId.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.messageId);
                if (message.messageHash != null && $Object.hasOwnProperty.call(message, "messageHash") && message.messageHash.length)
                    writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.messageHash);
                if (message.actor != null && $Object.hasOwnProperty.call(message, "actor") && message.actor !== "")
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.actor);
                if (message.state != null && $Object.hasOwnProperty.call(message, "state") && message.state !== 0)
                    writer.uint32(/* id 4, wireType 0 =*/32).int32(message.state);
                if (message.atMs != null && $Object.hasOwnProperty.call(message, "atMs") && (typeof message.atMs === "object" ? message.atMs.low || message.atMs.high : message.atMs !== 0))
                    writer.uint32(/* id 5, wireType 0 =*/40).uint64(message.atMs);
                if (message.note != null && $Object.hasOwnProperty.call(message, "note") && message.note !== "")
                    writer.uint32(/* id 6, wireType 2 =*/50).string(message.note);
                if (message.evidence != null && $Object.hasOwnProperty.call(message, "evidence"))
                    $root.aioscomm.v1.Evidence.encode(message.evidence, writer.uint32(/* id 7, wireType 2 =*/58).fork(), _depth + 1).ldelim();
                if (message.code != null && $Object.hasOwnProperty.call(message, "code") && message.code !== "")
                    writer.uint32(/* id 8, wireType 2 =*/66).string(message.code);
                if (message.from != null && $Object.hasOwnProperty.call(message, "from") && message.from !== "")
                    writer.uint32(/* id 9, wireType 2 =*/74).string(message.from);
                if (message.header != null && $Object.hasOwnProperty.call(message, "header") && message.header.length)
                    writer.uint32(/* id 10, wireType 2 =*/82).bytes(message.header);
                if (message.fence != null && $Object.hasOwnProperty.call(message, "fence") && (typeof message.fence === "object" ? message.fence.low || message.fence.high : message.fence !== 0))
                    writer.uint32(/* id 11, wireType 0 =*/88).uint64(message.fence);
                if (message.lease != null && $Object.hasOwnProperty.call(message, "lease") && message.lease.length)
                    writer.uint32(/* id 12, wireType 2 =*/98).bytes(message.lease);
                if (message.round != null && $Object.hasOwnProperty.call(message, "round") && message.round !== 0)
                    writer.uint32(/* id 13, wireType 0 =*/104).uint32(message.round);
                if (message.verdict != null && $Object.hasOwnProperty.call(message, "verdict") && message.verdict !== 0)
                    writer.uint32(/* id 14, wireType 0 =*/112).int32(message.verdict);
                if (message.audited != null && $Object.hasOwnProperty.call(message, "audited") && message.audited.length)
                    writer.uint32(/* id 15, wireType 2 =*/122).bytes(message.audited);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Receipt message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.Receipt
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.Receipt & aioscomm.v1.Receipt.$Shape} Receipt
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Receipt.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.Receipt();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.messageId = value;
                            else
                                delete message.messageId;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.messageHash = value;
                            else
                                delete message.messageHash;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.actor = value;
                            else
                                delete message.actor;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.state = value;
                            else
                                delete message.state;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.atMs = value;
                            else
                                delete message.atMs;
                            continue;
                        }
                    case 6: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.note = value;
                            else
                                delete message.note;
                            continue;
                        }
                    case 7: {
                            if (wireType !== 2)
                                break;
                            message.evidence = $root.aioscomm.v1.Evidence.decode(reader, reader.size(), $undefined, _depth + 1, message.evidence);
                            continue;
                        }
                    case 8: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.code = value;
                            else
                                delete message.code;
                            continue;
                        }
                    case 9: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.from = value;
                            else
                                delete message.from;
                            continue;
                        }
                    case 10: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.header = value;
                            else
                                delete message.header;
                            continue;
                        }
                    case 11: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.fence = value;
                            else
                                delete message.fence;
                            continue;
                        }
                    case 12: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.lease = value;
                            else
                                delete message.lease;
                            continue;
                        }
                    case 13: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.round = value;
                            else
                                delete message.round;
                            continue;
                        }
                    case 14: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.verdict = value;
                            else
                                delete message.verdict;
                            continue;
                        }
                    case 15: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.audited = value;
                            else
                                delete message.audited;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for Receipt
             * @function getTypeUrl
             * @memberof aioscomm.v1.Receipt
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Receipt.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.Receipt";
            };

            return Receipt;
        })();

        v1.MessageHeader = (function() {

            /**
             * Properties of a MessageHeader.
             * @typedef {Object} aioscomm.v1.MessageHeader.$Properties
             * @property {Uint8Array|null} [messageId] MessageHeader messageId
             * @property {string|null} [from] MessageHeader from
             * @property {string|null} [to] MessageHeader to
             * @property {Uint8Array|null} [payloadSha256] MessageHeader payloadSha256
             * @property {number|null} [sentAtMs] MessageHeader sentAtMs
             * @property {Uint8Array|null} [fromKey] MessageHeader fromKey
             * @property {Uint8Array|null} [nonce] MessageHeader nonce
             * @property {string|null} [auditor] MessageHeader auditor
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a MessageHeader.
             * @memberof aioscomm.v1
             * @interface IMessageHeader
             * @augments aioscomm.v1.MessageHeader.$Properties
             * @deprecated Use aioscomm.v1.MessageHeader.$Properties instead.
             */

            /**
             * Shape of a MessageHeader.
             * @typedef {aioscomm.v1.MessageHeader.$Properties} aioscomm.v1.MessageHeader.$Shape
             */

            /**
             * Constructs a new MessageHeader.
             * @memberof aioscomm.v1
             * @classdesc Represents a MessageHeader.
             * @constructor
             * @param {aioscomm.v1.MessageHeader.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const MessageHeader = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * MessageHeader messageId.
             * @member {Uint8Array} messageId
             * @memberof aioscomm.v1.MessageHeader
             * @instance
             */
            MessageHeader.prototype.messageId = $util.newBuffer([]);

            /**
             * MessageHeader from.
             * @member {string} from
             * @memberof aioscomm.v1.MessageHeader
             * @instance
             */
            MessageHeader.prototype.from = "";

            /**
             * MessageHeader to.
             * @member {string} to
             * @memberof aioscomm.v1.MessageHeader
             * @instance
             */
            MessageHeader.prototype.to = "";

            /**
             * MessageHeader payloadSha256.
             * @member {Uint8Array} payloadSha256
             * @memberof aioscomm.v1.MessageHeader
             * @instance
             */
            MessageHeader.prototype.payloadSha256 = $util.newBuffer([]);

            /**
             * MessageHeader sentAtMs.
             * @member {number} sentAtMs
             * @memberof aioscomm.v1.MessageHeader
             * @instance
             */
            MessageHeader.prototype.sentAtMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * MessageHeader fromKey.
             * @member {Uint8Array} fromKey
             * @memberof aioscomm.v1.MessageHeader
             * @instance
             */
            MessageHeader.prototype.fromKey = $util.newBuffer([]);

            /**
             * MessageHeader nonce.
             * @member {Uint8Array} nonce
             * @memberof aioscomm.v1.MessageHeader
             * @instance
             */
            MessageHeader.prototype.nonce = $util.newBuffer([]);

            /**
             * MessageHeader auditor.
             * @member {string} auditor
             * @memberof aioscomm.v1.MessageHeader
             * @instance
             */
            MessageHeader.prototype.auditor = "";

            /**
             * Encodes the specified MessageHeader message. Does not implicitly {@link aioscomm.v1.MessageHeader.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.MessageHeader
             * @static
             * @param {aioscomm.v1.MessageHeader.$Properties} message MessageHeader message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            MessageHeader.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.messageId != null && $Object.hasOwnProperty.call(message, "messageId") && message.messageId.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.messageId);
                if (message.from != null && $Object.hasOwnProperty.call(message, "from") && message.from !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.from);
                if (message.to != null && $Object.hasOwnProperty.call(message, "to") && message.to !== "")
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.to);
                if (message.payloadSha256 != null && $Object.hasOwnProperty.call(message, "payloadSha256") && message.payloadSha256.length)
                    writer.uint32(/* id 4, wireType 2 =*/34).bytes(message.payloadSha256);
                if (message.sentAtMs != null && $Object.hasOwnProperty.call(message, "sentAtMs") && (typeof message.sentAtMs === "object" ? message.sentAtMs.low || message.sentAtMs.high : message.sentAtMs !== 0))
                    writer.uint32(/* id 5, wireType 0 =*/40).uint64(message.sentAtMs);
                if (message.fromKey != null && $Object.hasOwnProperty.call(message, "fromKey") && message.fromKey.length)
                    writer.uint32(/* id 6, wireType 2 =*/50).bytes(message.fromKey);
                if (message.nonce != null && $Object.hasOwnProperty.call(message, "nonce") && message.nonce.length)
                    writer.uint32(/* id 7, wireType 2 =*/58).bytes(message.nonce);
                if (message.auditor != null && $Object.hasOwnProperty.call(message, "auditor") && message.auditor !== "")
                    writer.uint32(/* id 8, wireType 2 =*/66).string(message.auditor);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a MessageHeader message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.MessageHeader
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.MessageHeader & aioscomm.v1.MessageHeader.$Shape} MessageHeader
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            MessageHeader.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.MessageHeader();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.messageId = value;
                            else
                                delete message.messageId;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.from = value;
                            else
                                delete message.from;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.to = value;
                            else
                                delete message.to;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.payloadSha256 = value;
                            else
                                delete message.payloadSha256;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.sentAtMs = value;
                            else
                                delete message.sentAtMs;
                            continue;
                        }
                    case 6: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.fromKey = value;
                            else
                                delete message.fromKey;
                            continue;
                        }
                    case 7: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.nonce = value;
                            else
                                delete message.nonce;
                            continue;
                        }
                    case 8: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.auditor = value;
                            else
                                delete message.auditor;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for MessageHeader
             * @function getTypeUrl
             * @memberof aioscomm.v1.MessageHeader
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            MessageHeader.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.MessageHeader";
            };

            return MessageHeader;
        })();

        v1.Endorsement = (function() {

            /**
             * Properties of an Endorsement.
             * @typedef {Object} aioscomm.v1.Endorsement.$Properties
             * @property {Uint8Array|null} [meshKey] Endorsement meshKey
             * @property {string|null} [handle] Endorsement handle
             * @property {Uint8Array|null} [actorKey] Endorsement actorKey
             * @property {number|null} [issuedAtMs] Endorsement issuedAtMs
             * @property {number|null} [expiresAtMs] Endorsement expiresAtMs
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an Endorsement.
             * @memberof aioscomm.v1
             * @interface IEndorsement
             * @augments aioscomm.v1.Endorsement.$Properties
             * @deprecated Use aioscomm.v1.Endorsement.$Properties instead.
             */

            /**
             * Shape of an Endorsement.
             * @typedef {aioscomm.v1.Endorsement.$Properties} aioscomm.v1.Endorsement.$Shape
             */

            /**
             * Constructs a new Endorsement.
             * @memberof aioscomm.v1
             * @classdesc Represents an Endorsement.
             * @constructor
             * @param {aioscomm.v1.Endorsement.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Endorsement = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Endorsement meshKey.
             * @member {Uint8Array} meshKey
             * @memberof aioscomm.v1.Endorsement
             * @instance
             */
            Endorsement.prototype.meshKey = $util.newBuffer([]);

            /**
             * Endorsement handle.
             * @member {string} handle
             * @memberof aioscomm.v1.Endorsement
             * @instance
             */
            Endorsement.prototype.handle = "";

            /**
             * Endorsement actorKey.
             * @member {Uint8Array} actorKey
             * @memberof aioscomm.v1.Endorsement
             * @instance
             */
            Endorsement.prototype.actorKey = $util.newBuffer([]);

            /**
             * Endorsement issuedAtMs.
             * @member {number} issuedAtMs
             * @memberof aioscomm.v1.Endorsement
             * @instance
             */
            Endorsement.prototype.issuedAtMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Endorsement expiresAtMs.
             * @member {number} expiresAtMs
             * @memberof aioscomm.v1.Endorsement
             * @instance
             */
            Endorsement.prototype.expiresAtMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Encodes the specified Endorsement message. Does not implicitly {@link aioscomm.v1.Endorsement.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.Endorsement
             * @static
             * @param {aioscomm.v1.Endorsement.$Properties} message Endorsement message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Endorsement.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.meshKey != null && $Object.hasOwnProperty.call(message, "meshKey") && message.meshKey.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.meshKey);
                if (message.handle != null && $Object.hasOwnProperty.call(message, "handle") && message.handle !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.handle);
                if (message.actorKey != null && $Object.hasOwnProperty.call(message, "actorKey") && message.actorKey.length)
                    writer.uint32(/* id 3, wireType 2 =*/26).bytes(message.actorKey);
                if (message.issuedAtMs != null && $Object.hasOwnProperty.call(message, "issuedAtMs") && (typeof message.issuedAtMs === "object" ? message.issuedAtMs.low || message.issuedAtMs.high : message.issuedAtMs !== 0))
                    writer.uint32(/* id 4, wireType 0 =*/32).uint64(message.issuedAtMs);
                if (message.expiresAtMs != null && $Object.hasOwnProperty.call(message, "expiresAtMs") && (typeof message.expiresAtMs === "object" ? message.expiresAtMs.low || message.expiresAtMs.high : message.expiresAtMs !== 0))
                    writer.uint32(/* id 5, wireType 0 =*/40).uint64(message.expiresAtMs);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes an Endorsement message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.Endorsement
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.Endorsement & aioscomm.v1.Endorsement.$Shape} Endorsement
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Endorsement.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.Endorsement();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.meshKey = value;
                            else
                                delete message.meshKey;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.handle = value;
                            else
                                delete message.handle;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.actorKey = value;
                            else
                                delete message.actorKey;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.issuedAtMs = value;
                            else
                                delete message.issuedAtMs;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.expiresAtMs = value;
                            else
                                delete message.expiresAtMs;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for Endorsement
             * @function getTypeUrl
             * @memberof aioscomm.v1.Endorsement
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Endorsement.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.Endorsement";
            };

            return Endorsement;
        })();

        v1.Revocation = (function() {

            /**
             * Properties of a Revocation.
             * @typedef {Object} aioscomm.v1.Revocation.$Properties
             * @property {Uint8Array|null} [meshKey] Revocation meshKey
             * @property {Uint8Array|null} [actorKey] Revocation actorKey
             * @property {string|null} [handle] Revocation handle
             * @property {number|null} [atMs] Revocation atMs
             * @property {string|null} [reason] Revocation reason
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Revocation.
             * @memberof aioscomm.v1
             * @interface IRevocation
             * @augments aioscomm.v1.Revocation.$Properties
             * @deprecated Use aioscomm.v1.Revocation.$Properties instead.
             */

            /**
             * Shape of a Revocation.
             * @typedef {aioscomm.v1.Revocation.$Properties} aioscomm.v1.Revocation.$Shape
             */

            /**
             * Constructs a new Revocation.
             * @memberof aioscomm.v1
             * @classdesc Represents a Revocation.
             * @constructor
             * @param {aioscomm.v1.Revocation.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Revocation = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Revocation meshKey.
             * @member {Uint8Array} meshKey
             * @memberof aioscomm.v1.Revocation
             * @instance
             */
            Revocation.prototype.meshKey = $util.newBuffer([]);

            /**
             * Revocation actorKey.
             * @member {Uint8Array} actorKey
             * @memberof aioscomm.v1.Revocation
             * @instance
             */
            Revocation.prototype.actorKey = $util.newBuffer([]);

            /**
             * Revocation handle.
             * @member {string} handle
             * @memberof aioscomm.v1.Revocation
             * @instance
             */
            Revocation.prototype.handle = "";

            /**
             * Revocation atMs.
             * @member {number} atMs
             * @memberof aioscomm.v1.Revocation
             * @instance
             */
            Revocation.prototype.atMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Revocation reason.
             * @member {string} reason
             * @memberof aioscomm.v1.Revocation
             * @instance
             */
            Revocation.prototype.reason = "";

            /**
             * Encodes the specified Revocation message. Does not implicitly {@link aioscomm.v1.Revocation.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.Revocation
             * @static
             * @param {aioscomm.v1.Revocation.$Properties} message Revocation message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Revocation.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.meshKey != null && $Object.hasOwnProperty.call(message, "meshKey") && message.meshKey.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.meshKey);
                if (message.actorKey != null && $Object.hasOwnProperty.call(message, "actorKey") && message.actorKey.length)
                    writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.actorKey);
                if (message.handle != null && $Object.hasOwnProperty.call(message, "handle") && message.handle !== "")
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.handle);
                if (message.atMs != null && $Object.hasOwnProperty.call(message, "atMs") && (typeof message.atMs === "object" ? message.atMs.low || message.atMs.high : message.atMs !== 0))
                    writer.uint32(/* id 4, wireType 0 =*/32).uint64(message.atMs);
                if (message.reason != null && $Object.hasOwnProperty.call(message, "reason") && message.reason !== "")
                    writer.uint32(/* id 5, wireType 2 =*/42).string(message.reason);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Revocation message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.Revocation
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.Revocation & aioscomm.v1.Revocation.$Shape} Revocation
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Revocation.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.Revocation();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.meshKey = value;
                            else
                                delete message.meshKey;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.actorKey = value;
                            else
                                delete message.actorKey;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.handle = value;
                            else
                                delete message.handle;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.atMs = value;
                            else
                                delete message.atMs;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.reason = value;
                            else
                                delete message.reason;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for Revocation
             * @function getTypeUrl
             * @memberof aioscomm.v1.Revocation
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Revocation.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.Revocation";
            };

            return Revocation;
        })();

        v1.AdmissionRequest = (function() {

            /**
             * Properties of an AdmissionRequest.
             * @typedef {Object} aioscomm.v1.AdmissionRequest.$Properties
             * @property {Uint8Array|null} [meshKey] AdmissionRequest meshKey
             * @property {string|null} [handle] AdmissionRequest handle
             * @property {Uint8Array|null} [actorKey] AdmissionRequest actorKey
             * @property {number|null} [createdAtMs] AdmissionRequest createdAtMs
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an AdmissionRequest.
             * @memberof aioscomm.v1
             * @interface IAdmissionRequest
             * @augments aioscomm.v1.AdmissionRequest.$Properties
             * @deprecated Use aioscomm.v1.AdmissionRequest.$Properties instead.
             */

            /**
             * Shape of an AdmissionRequest.
             * @typedef {aioscomm.v1.AdmissionRequest.$Properties} aioscomm.v1.AdmissionRequest.$Shape
             */

            /**
             * Constructs a new AdmissionRequest.
             * @memberof aioscomm.v1
             * @classdesc Represents an AdmissionRequest.
             * @constructor
             * @param {aioscomm.v1.AdmissionRequest.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const AdmissionRequest = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * AdmissionRequest meshKey.
             * @member {Uint8Array} meshKey
             * @memberof aioscomm.v1.AdmissionRequest
             * @instance
             */
            AdmissionRequest.prototype.meshKey = $util.newBuffer([]);

            /**
             * AdmissionRequest handle.
             * @member {string} handle
             * @memberof aioscomm.v1.AdmissionRequest
             * @instance
             */
            AdmissionRequest.prototype.handle = "";

            /**
             * AdmissionRequest actorKey.
             * @member {Uint8Array} actorKey
             * @memberof aioscomm.v1.AdmissionRequest
             * @instance
             */
            AdmissionRequest.prototype.actorKey = $util.newBuffer([]);

            /**
             * AdmissionRequest createdAtMs.
             * @member {number} createdAtMs
             * @memberof aioscomm.v1.AdmissionRequest
             * @instance
             */
            AdmissionRequest.prototype.createdAtMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Encodes the specified AdmissionRequest message. Does not implicitly {@link aioscomm.v1.AdmissionRequest.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.AdmissionRequest
             * @static
             * @param {aioscomm.v1.AdmissionRequest.$Properties} message AdmissionRequest message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            AdmissionRequest.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.meshKey != null && $Object.hasOwnProperty.call(message, "meshKey") && message.meshKey.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.meshKey);
                if (message.handle != null && $Object.hasOwnProperty.call(message, "handle") && message.handle !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.handle);
                if (message.actorKey != null && $Object.hasOwnProperty.call(message, "actorKey") && message.actorKey.length)
                    writer.uint32(/* id 3, wireType 2 =*/26).bytes(message.actorKey);
                if (message.createdAtMs != null && $Object.hasOwnProperty.call(message, "createdAtMs") && (typeof message.createdAtMs === "object" ? message.createdAtMs.low || message.createdAtMs.high : message.createdAtMs !== 0))
                    writer.uint32(/* id 4, wireType 0 =*/32).uint64(message.createdAtMs);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes an AdmissionRequest message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.AdmissionRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.AdmissionRequest & aioscomm.v1.AdmissionRequest.$Shape} AdmissionRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            AdmissionRequest.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.AdmissionRequest();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.meshKey = value;
                            else
                                delete message.meshKey;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.handle = value;
                            else
                                delete message.handle;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.actorKey = value;
                            else
                                delete message.actorKey;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.createdAtMs = value;
                            else
                                delete message.createdAtMs;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for AdmissionRequest
             * @function getTypeUrl
             * @memberof aioscomm.v1.AdmissionRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            AdmissionRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.AdmissionRequest";
            };

            return AdmissionRequest;
        })();

        v1.CardFact = (function() {

            /**
             * Properties of a CardFact.
             * @typedef {Object} aioscomm.v1.CardFact.$Properties
             * @property {Uint8Array|null} [json] CardFact json
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a CardFact.
             * @memberof aioscomm.v1
             * @interface ICardFact
             * @augments aioscomm.v1.CardFact.$Properties
             * @deprecated Use aioscomm.v1.CardFact.$Properties instead.
             */

            /**
             * Shape of a CardFact.
             * @typedef {aioscomm.v1.CardFact.$Properties} aioscomm.v1.CardFact.$Shape
             */

            /**
             * Constructs a new CardFact.
             * @memberof aioscomm.v1
             * @classdesc Represents a CardFact.
             * @constructor
             * @param {aioscomm.v1.CardFact.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const CardFact = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * CardFact json.
             * @member {Uint8Array} json
             * @memberof aioscomm.v1.CardFact
             * @instance
             */
            CardFact.prototype.json = $util.newBuffer([]);

            /**
             * Encodes the specified CardFact message. Does not implicitly {@link aioscomm.v1.CardFact.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.CardFact
             * @static
             * @param {aioscomm.v1.CardFact.$Properties} message CardFact message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            CardFact.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.json != null && $Object.hasOwnProperty.call(message, "json") && message.json.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.json);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a CardFact message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.CardFact
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.CardFact & aioscomm.v1.CardFact.$Shape} CardFact
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            CardFact.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.CardFact();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.json = value;
                            else
                                delete message.json;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for CardFact
             * @function getTypeUrl
             * @memberof aioscomm.v1.CardFact
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            CardFact.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.CardFact";
            };

            return CardFact;
        })();

        v1.DeliverRequest = (function() {

            /**
             * Properties of a DeliverRequest.
             * @typedef {Object} aioscomm.v1.DeliverRequest.$Properties
             * @property {number|null} [batchId] DeliverRequest batchId
             * @property {Array.<Uint8Array>|null} [messages] DeliverRequest messages
             * @property {Array.<Uint8Array>|null} [receipts] DeliverRequest receipts
             * @property {Array.<Uint8Array>|null} [cards] DeliverRequest cards
             * @property {Array.<aioscomm.v1.Handoff.$Properties>|null} [handoffs] DeliverRequest handoffs
             * @property {Array.<Uint8Array>|null} [headers] DeliverRequest headers
             * @property {Array.<aioscomm.v1.EvidenceContent.$Properties>|null} [evidence] DeliverRequest evidence
             * @property {Array.<aioscomm.v1.Handoff.$Properties>|null} [audits] DeliverRequest audits
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a DeliverRequest.
             * @memberof aioscomm.v1
             * @interface IDeliverRequest
             * @augments aioscomm.v1.DeliverRequest.$Properties
             * @deprecated Use aioscomm.v1.DeliverRequest.$Properties instead.
             */

            /**
             * Shape of a DeliverRequest.
             * @typedef {aioscomm.v1.DeliverRequest.$Properties} aioscomm.v1.DeliverRequest.$Shape
             */

            /**
             * Constructs a new DeliverRequest.
             * @memberof aioscomm.v1
             * @classdesc Represents a DeliverRequest.
             * @constructor
             * @param {aioscomm.v1.DeliverRequest.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const DeliverRequest = function (properties) {
                this.messages = [];
                this.receipts = [];
                this.cards = [];
                this.handoffs = [];
                this.headers = [];
                this.evidence = [];
                this.audits = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * DeliverRequest batchId.
             * @member {number} batchId
             * @memberof aioscomm.v1.DeliverRequest
             * @instance
             */
            DeliverRequest.prototype.batchId = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * DeliverRequest messages.
             * @member {Array.<Uint8Array>} messages
             * @memberof aioscomm.v1.DeliverRequest
             * @instance
             */
            DeliverRequest.prototype.messages = $util.emptyArray;

            /**
             * DeliverRequest receipts.
             * @member {Array.<Uint8Array>} receipts
             * @memberof aioscomm.v1.DeliverRequest
             * @instance
             */
            DeliverRequest.prototype.receipts = $util.emptyArray;

            /**
             * DeliverRequest cards.
             * @member {Array.<Uint8Array>} cards
             * @memberof aioscomm.v1.DeliverRequest
             * @instance
             */
            DeliverRequest.prototype.cards = $util.emptyArray;

            /**
             * DeliverRequest handoffs.
             * @member {Array.<aioscomm.v1.Handoff.$Properties>} handoffs
             * @memberof aioscomm.v1.DeliverRequest
             * @instance
             */
            DeliverRequest.prototype.handoffs = $util.emptyArray;

            /**
             * DeliverRequest headers.
             * @member {Array.<Uint8Array>} headers
             * @memberof aioscomm.v1.DeliverRequest
             * @instance
             */
            DeliverRequest.prototype.headers = $util.emptyArray;

            /**
             * DeliverRequest evidence.
             * @member {Array.<aioscomm.v1.EvidenceContent.$Properties>} evidence
             * @memberof aioscomm.v1.DeliverRequest
             * @instance
             */
            DeliverRequest.prototype.evidence = $util.emptyArray;

            /**
             * DeliverRequest audits.
             * @member {Array.<aioscomm.v1.Handoff.$Properties>} audits
             * @memberof aioscomm.v1.DeliverRequest
             * @instance
             */
            DeliverRequest.prototype.audits = $util.emptyArray;

            /**
             * Encodes the specified DeliverRequest message. Does not implicitly {@link aioscomm.v1.DeliverRequest.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.DeliverRequest
             * @static
             * @param {aioscomm.v1.DeliverRequest.$Properties} message DeliverRequest message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            DeliverRequest.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.batchId != null && $Object.hasOwnProperty.call(message, "batchId") && (typeof message.batchId === "object" ? message.batchId.low || message.batchId.high : message.batchId !== 0))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint64(message.batchId);
                if (message.messages != null && message.messages.length)
                    for (let i = 0; i < message.messages.length; ++i)
                        writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.messages[i]);
                if (message.receipts != null && message.receipts.length)
                    for (let i = 0; i < message.receipts.length; ++i)
                        writer.uint32(/* id 3, wireType 2 =*/26).bytes(message.receipts[i]);
                if (message.cards != null && message.cards.length)
                    for (let i = 0; i < message.cards.length; ++i)
                        writer.uint32(/* id 4, wireType 2 =*/34).bytes(message.cards[i]);
                if (message.handoffs != null && message.handoffs.length)
                    for (let i = 0; i < message.handoffs.length; ++i)
                        $root.aioscomm.v1.Handoff.encode(message.handoffs[i], writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                if (message.evidence != null && message.evidence.length)
                    for (let i = 0; i < message.evidence.length; ++i)
                        $root.aioscomm.v1.EvidenceContent.encode(message.evidence[i], writer.uint32(/* id 6, wireType 2 =*/50).fork(), _depth + 1).ldelim();
                if (message.headers != null && message.headers.length)
                    for (let i = 0; i < message.headers.length; ++i)
                        writer.uint32(/* id 7, wireType 2 =*/58).bytes(message.headers[i]);
                if (message.audits != null && message.audits.length)
                    for (let i = 0; i < message.audits.length; ++i)
                        $root.aioscomm.v1.Handoff.encode(message.audits[i], writer.uint32(/* id 8, wireType 2 =*/66).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a DeliverRequest message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.DeliverRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.DeliverRequest & aioscomm.v1.DeliverRequest.$Shape} DeliverRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            DeliverRequest.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.DeliverRequest();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.batchId = value;
                            else
                                delete message.batchId;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if (!(message.messages && message.messages.length))
                                message.messages = [];
                            message.messages.push(reader.bytes());
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if (!(message.receipts && message.receipts.length))
                                message.receipts = [];
                            message.receipts.push(reader.bytes());
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            if (!(message.cards && message.cards.length))
                                message.cards = [];
                            message.cards.push(reader.bytes());
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            if (!(message.handoffs && message.handoffs.length))
                                message.handoffs = [];
                            message.handoffs.push($root.aioscomm.v1.Handoff.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 7: {
                            if (wireType !== 2)
                                break;
                            if (!(message.headers && message.headers.length))
                                message.headers = [];
                            message.headers.push(reader.bytes());
                            continue;
                        }
                    case 6: {
                            if (wireType !== 2)
                                break;
                            if (!(message.evidence && message.evidence.length))
                                message.evidence = [];
                            message.evidence.push($root.aioscomm.v1.EvidenceContent.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 8: {
                            if (wireType !== 2)
                                break;
                            if (!(message.audits && message.audits.length))
                                message.audits = [];
                            message.audits.push($root.aioscomm.v1.Handoff.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for DeliverRequest
             * @function getTypeUrl
             * @memberof aioscomm.v1.DeliverRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            DeliverRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.DeliverRequest";
            };

            return DeliverRequest;
        })();

        v1.EvidenceContent = (function() {

            /**
             * Properties of an EvidenceContent.
             * @typedef {Object} aioscomm.v1.EvidenceContent.$Properties
             * @property {Uint8Array|null} [receiptHash] EvidenceContent receiptHash
             * @property {Uint8Array|null} [content] EvidenceContent content
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of an EvidenceContent.
             * @memberof aioscomm.v1
             * @interface IEvidenceContent
             * @augments aioscomm.v1.EvidenceContent.$Properties
             * @deprecated Use aioscomm.v1.EvidenceContent.$Properties instead.
             */

            /**
             * Shape of an EvidenceContent.
             * @typedef {aioscomm.v1.EvidenceContent.$Properties} aioscomm.v1.EvidenceContent.$Shape
             */

            /**
             * Constructs a new EvidenceContent.
             * @memberof aioscomm.v1
             * @classdesc Represents an EvidenceContent.
             * @constructor
             * @param {aioscomm.v1.EvidenceContent.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const EvidenceContent = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * EvidenceContent receiptHash.
             * @member {Uint8Array} receiptHash
             * @memberof aioscomm.v1.EvidenceContent
             * @instance
             */
            EvidenceContent.prototype.receiptHash = $util.newBuffer([]);

            /**
             * EvidenceContent content.
             * @member {Uint8Array} content
             * @memberof aioscomm.v1.EvidenceContent
             * @instance
             */
            EvidenceContent.prototype.content = $util.newBuffer([]);

            /**
             * Encodes the specified EvidenceContent message. Does not implicitly {@link aioscomm.v1.EvidenceContent.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.EvidenceContent
             * @static
             * @param {aioscomm.v1.EvidenceContent.$Properties} message EvidenceContent message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            EvidenceContent.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.receiptHash != null && $Object.hasOwnProperty.call(message, "receiptHash") && message.receiptHash.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.receiptHash);
                if (message.content != null && $Object.hasOwnProperty.call(message, "content") && message.content.length)
                    writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.content);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes an EvidenceContent message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.EvidenceContent
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.EvidenceContent & aioscomm.v1.EvidenceContent.$Shape} EvidenceContent
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            EvidenceContent.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.EvidenceContent();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.receiptHash = value;
                            else
                                delete message.receiptHash;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.content = value;
                            else
                                delete message.content;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for EvidenceContent
             * @function getTypeUrl
             * @memberof aioscomm.v1.EvidenceContent
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            EvidenceContent.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.EvidenceContent";
            };

            return EvidenceContent;
        })();

        v1.Handoff = (function() {

            /**
             * Properties of a Handoff.
             * @typedef {Object} aioscomm.v1.Handoff.$Properties
             * @property {Uint8Array|null} [message] Handoff message
             * @property {Array.<Uint8Array>|null} [receipts] Handoff receipts
             * @property {Uint8Array|null} [header] Handoff header
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Handoff.
             * @memberof aioscomm.v1
             * @interface IHandoff
             * @augments aioscomm.v1.Handoff.$Properties
             * @deprecated Use aioscomm.v1.Handoff.$Properties instead.
             */

            /**
             * Shape of a Handoff.
             * @typedef {aioscomm.v1.Handoff.$Properties} aioscomm.v1.Handoff.$Shape
             */

            /**
             * Constructs a new Handoff.
             * @memberof aioscomm.v1
             * @classdesc Represents a Handoff.
             * @constructor
             * @param {aioscomm.v1.Handoff.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Handoff = function (properties) {
                this.receipts = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Handoff message.
             * @member {Uint8Array} message
             * @memberof aioscomm.v1.Handoff
             * @instance
             */
            Handoff.prototype.message = $util.newBuffer([]);

            /**
             * Handoff receipts.
             * @member {Array.<Uint8Array>} receipts
             * @memberof aioscomm.v1.Handoff
             * @instance
             */
            Handoff.prototype.receipts = $util.emptyArray;

            /**
             * Handoff header.
             * @member {Uint8Array} header
             * @memberof aioscomm.v1.Handoff
             * @instance
             */
            Handoff.prototype.header = $util.newBuffer([]);

            /**
             * Encodes the specified Handoff message. Does not implicitly {@link aioscomm.v1.Handoff.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.Handoff
             * @static
             * @param {aioscomm.v1.Handoff.$Properties} message Handoff message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Handoff.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.message != null && $Object.hasOwnProperty.call(message, "message") && message.message.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.message);
                if (message.receipts != null && message.receipts.length)
                    for (let i = 0; i < message.receipts.length; ++i)
                        writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.receipts[i]);
                if (message.header != null && $Object.hasOwnProperty.call(message, "header") && message.header.length)
                    writer.uint32(/* id 3, wireType 2 =*/26).bytes(message.header);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Handoff message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.Handoff
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.Handoff & aioscomm.v1.Handoff.$Shape} Handoff
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Handoff.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.Handoff();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.message = value;
                            else
                                delete message.message;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if (!(message.receipts && message.receipts.length))
                                message.receipts = [];
                            message.receipts.push(reader.bytes());
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.header = value;
                            else
                                delete message.header;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for Handoff
             * @function getTypeUrl
             * @memberof aioscomm.v1.Handoff
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Handoff.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.Handoff";
            };

            return Handoff;
        })();

        v1.DeliverResult = (function() {

            /**
             * Properties of a DeliverResult.
             * @typedef {Object} aioscomm.v1.DeliverResult.$Properties
             * @property {Uint8Array|null} [messageId] DeliverResult messageId
             * @property {Uint8Array|null} [receipt] DeliverResult receipt
             * @property {string|null} [errorCode] DeliverResult errorCode
             * @property {string|null} [errorMessage] DeliverResult errorMessage
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a DeliverResult.
             * @memberof aioscomm.v1
             * @interface IDeliverResult
             * @augments aioscomm.v1.DeliverResult.$Properties
             * @deprecated Use aioscomm.v1.DeliverResult.$Properties instead.
             */

            /**
             * Shape of a DeliverResult.
             * @typedef {aioscomm.v1.DeliverResult.$Properties} aioscomm.v1.DeliverResult.$Shape
             */

            /**
             * Constructs a new DeliverResult.
             * @memberof aioscomm.v1
             * @classdesc Represents a DeliverResult.
             * @constructor
             * @param {aioscomm.v1.DeliverResult.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const DeliverResult = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * DeliverResult messageId.
             * @member {Uint8Array} messageId
             * @memberof aioscomm.v1.DeliverResult
             * @instance
             */
            DeliverResult.prototype.messageId = $util.newBuffer([]);

            /**
             * DeliverResult receipt.
             * @member {Uint8Array} receipt
             * @memberof aioscomm.v1.DeliverResult
             * @instance
             */
            DeliverResult.prototype.receipt = $util.newBuffer([]);

            /**
             * DeliverResult errorCode.
             * @member {string} errorCode
             * @memberof aioscomm.v1.DeliverResult
             * @instance
             */
            DeliverResult.prototype.errorCode = "";

            /**
             * DeliverResult errorMessage.
             * @member {string} errorMessage
             * @memberof aioscomm.v1.DeliverResult
             * @instance
             */
            DeliverResult.prototype.errorMessage = "";

            /**
             * Encodes the specified DeliverResult message. Does not implicitly {@link aioscomm.v1.DeliverResult.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.DeliverResult
             * @static
             * @param {aioscomm.v1.DeliverResult.$Properties} message DeliverResult message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            DeliverResult.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.messageId != null && $Object.hasOwnProperty.call(message, "messageId") && message.messageId.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.messageId);
                if (message.receipt != null && $Object.hasOwnProperty.call(message, "receipt") && message.receipt.length)
                    writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.receipt);
                if (message.errorCode != null && $Object.hasOwnProperty.call(message, "errorCode") && message.errorCode !== "")
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.errorCode);
                if (message.errorMessage != null && $Object.hasOwnProperty.call(message, "errorMessage") && message.errorMessage !== "")
                    writer.uint32(/* id 4, wireType 2 =*/34).string(message.errorMessage);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a DeliverResult message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.DeliverResult
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.DeliverResult & aioscomm.v1.DeliverResult.$Shape} DeliverResult
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            DeliverResult.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.DeliverResult();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.messageId = value;
                            else
                                delete message.messageId;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.receipt = value;
                            else
                                delete message.receipt;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.errorCode = value;
                            else
                                delete message.errorCode;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.errorMessage = value;
                            else
                                delete message.errorMessage;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for DeliverResult
             * @function getTypeUrl
             * @memberof aioscomm.v1.DeliverResult
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            DeliverResult.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.DeliverResult";
            };

            return DeliverResult;
        })();

        v1.ReceiptResult = (function() {

            /**
             * Properties of a ReceiptResult.
             * @typedef {Object} aioscomm.v1.ReceiptResult.$Properties
             * @property {Uint8Array|null} [receiptHash] ReceiptResult receiptHash
             * @property {string|null} [errorCode] ReceiptResult errorCode
             * @property {string|null} [errorMessage] ReceiptResult errorMessage
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a ReceiptResult.
             * @memberof aioscomm.v1
             * @interface IReceiptResult
             * @augments aioscomm.v1.ReceiptResult.$Properties
             * @deprecated Use aioscomm.v1.ReceiptResult.$Properties instead.
             */

            /**
             * Shape of a ReceiptResult.
             * @typedef {aioscomm.v1.ReceiptResult.$Properties} aioscomm.v1.ReceiptResult.$Shape
             */

            /**
             * Constructs a new ReceiptResult.
             * @memberof aioscomm.v1
             * @classdesc Represents a ReceiptResult.
             * @constructor
             * @param {aioscomm.v1.ReceiptResult.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const ReceiptResult = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * ReceiptResult receiptHash.
             * @member {Uint8Array} receiptHash
             * @memberof aioscomm.v1.ReceiptResult
             * @instance
             */
            ReceiptResult.prototype.receiptHash = $util.newBuffer([]);

            /**
             * ReceiptResult errorCode.
             * @member {string} errorCode
             * @memberof aioscomm.v1.ReceiptResult
             * @instance
             */
            ReceiptResult.prototype.errorCode = "";

            /**
             * ReceiptResult errorMessage.
             * @member {string} errorMessage
             * @memberof aioscomm.v1.ReceiptResult
             * @instance
             */
            ReceiptResult.prototype.errorMessage = "";

            /**
             * Encodes the specified ReceiptResult message. Does not implicitly {@link aioscomm.v1.ReceiptResult.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.ReceiptResult
             * @static
             * @param {aioscomm.v1.ReceiptResult.$Properties} message ReceiptResult message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            ReceiptResult.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.receiptHash != null && $Object.hasOwnProperty.call(message, "receiptHash") && message.receiptHash.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.receiptHash);
                if (message.errorCode != null && $Object.hasOwnProperty.call(message, "errorCode") && message.errorCode !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.errorCode);
                if (message.errorMessage != null && $Object.hasOwnProperty.call(message, "errorMessage") && message.errorMessage !== "")
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.errorMessage);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a ReceiptResult message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.ReceiptResult
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.ReceiptResult & aioscomm.v1.ReceiptResult.$Shape} ReceiptResult
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            ReceiptResult.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.ReceiptResult();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.receiptHash = value;
                            else
                                delete message.receiptHash;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.errorCode = value;
                            else
                                delete message.errorCode;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.errorMessage = value;
                            else
                                delete message.errorMessage;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for ReceiptResult
             * @function getTypeUrl
             * @memberof aioscomm.v1.ReceiptResult
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            ReceiptResult.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.ReceiptResult";
            };

            return ReceiptResult;
        })();

        v1.DeliverResponse = (function() {

            /**
             * Properties of a DeliverResponse.
             * @typedef {Object} aioscomm.v1.DeliverResponse.$Properties
             * @property {number|null} [batchId] DeliverResponse batchId
             * @property {Array.<aioscomm.v1.DeliverResult.$Properties>|null} [results] DeliverResponse results
             * @property {Array.<aioscomm.v1.ReceiptResult.$Properties>|null} [receiptResults] DeliverResponse receiptResults
             * @property {aioscomm.v1.StreamError.$Properties|null} [error] DeliverResponse error
             * @property {Array.<aioscomm.v1.DeliverResult.$Properties>|null} [handoffResults] DeliverResponse handoffResults
             * @property {Array.<aioscomm.v1.DeliverResult.$Properties>|null} [auditResults] DeliverResponse auditResults
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a DeliverResponse.
             * @memberof aioscomm.v1
             * @interface IDeliverResponse
             * @augments aioscomm.v1.DeliverResponse.$Properties
             * @deprecated Use aioscomm.v1.DeliverResponse.$Properties instead.
             */

            /**
             * Shape of a DeliverResponse.
             * @typedef {aioscomm.v1.DeliverResponse.$Properties} aioscomm.v1.DeliverResponse.$Shape
             */

            /**
             * Constructs a new DeliverResponse.
             * @memberof aioscomm.v1
             * @classdesc Represents a DeliverResponse.
             * @constructor
             * @param {aioscomm.v1.DeliverResponse.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const DeliverResponse = function (properties) {
                this.results = [];
                this.receiptResults = [];
                this.handoffResults = [];
                this.auditResults = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * DeliverResponse batchId.
             * @member {number} batchId
             * @memberof aioscomm.v1.DeliverResponse
             * @instance
             */
            DeliverResponse.prototype.batchId = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * DeliverResponse results.
             * @member {Array.<aioscomm.v1.DeliverResult.$Properties>} results
             * @memberof aioscomm.v1.DeliverResponse
             * @instance
             */
            DeliverResponse.prototype.results = $util.emptyArray;

            /**
             * DeliverResponse receiptResults.
             * @member {Array.<aioscomm.v1.ReceiptResult.$Properties>} receiptResults
             * @memberof aioscomm.v1.DeliverResponse
             * @instance
             */
            DeliverResponse.prototype.receiptResults = $util.emptyArray;

            /**
             * DeliverResponse error.
             * @member {aioscomm.v1.StreamError.$Properties|null|undefined} error
             * @memberof aioscomm.v1.DeliverResponse
             * @instance
             */
            DeliverResponse.prototype.error = null;

            /**
             * DeliverResponse handoffResults.
             * @member {Array.<aioscomm.v1.DeliverResult.$Properties>} handoffResults
             * @memberof aioscomm.v1.DeliverResponse
             * @instance
             */
            DeliverResponse.prototype.handoffResults = $util.emptyArray;

            /**
             * DeliverResponse auditResults.
             * @member {Array.<aioscomm.v1.DeliverResult.$Properties>} auditResults
             * @memberof aioscomm.v1.DeliverResponse
             * @instance
             */
            DeliverResponse.prototype.auditResults = $util.emptyArray;

            /**
             * Encodes the specified DeliverResponse message. Does not implicitly {@link aioscomm.v1.DeliverResponse.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.DeliverResponse
             * @static
             * @param {aioscomm.v1.DeliverResponse.$Properties} message DeliverResponse message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            DeliverResponse.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.batchId != null && $Object.hasOwnProperty.call(message, "batchId") && (typeof message.batchId === "object" ? message.batchId.low || message.batchId.high : message.batchId !== 0))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint64(message.batchId);
                if (message.results != null && message.results.length)
                    for (let i = 0; i < message.results.length; ++i)
                        $root.aioscomm.v1.DeliverResult.encode(message.results[i], writer.uint32(/* id 2, wireType 2 =*/18).fork(), _depth + 1).ldelim();
                if (message.receiptResults != null && message.receiptResults.length)
                    for (let i = 0; i < message.receiptResults.length; ++i)
                        $root.aioscomm.v1.ReceiptResult.encode(message.receiptResults[i], writer.uint32(/* id 3, wireType 2 =*/26).fork(), _depth + 1).ldelim();
                if (message.error != null && $Object.hasOwnProperty.call(message, "error"))
                    $root.aioscomm.v1.StreamError.encode(message.error, writer.uint32(/* id 4, wireType 2 =*/34).fork(), _depth + 1).ldelim();
                if (message.handoffResults != null && message.handoffResults.length)
                    for (let i = 0; i < message.handoffResults.length; ++i)
                        $root.aioscomm.v1.DeliverResult.encode(message.handoffResults[i], writer.uint32(/* id 5, wireType 2 =*/42).fork(), _depth + 1).ldelim();
                if (message.auditResults != null && message.auditResults.length)
                    for (let i = 0; i < message.auditResults.length; ++i)
                        $root.aioscomm.v1.DeliverResult.encode(message.auditResults[i], writer.uint32(/* id 6, wireType 2 =*/50).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a DeliverResponse message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.DeliverResponse
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.DeliverResponse & aioscomm.v1.DeliverResponse.$Shape} DeliverResponse
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            DeliverResponse.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.DeliverResponse();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.batchId = value;
                            else
                                delete message.batchId;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if (!(message.results && message.results.length))
                                message.results = [];
                            message.results.push($root.aioscomm.v1.DeliverResult.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if (!(message.receiptResults && message.receiptResults.length))
                                message.receiptResults = [];
                            message.receiptResults.push($root.aioscomm.v1.ReceiptResult.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            message.error = $root.aioscomm.v1.StreamError.decode(reader, reader.size(), $undefined, _depth + 1, message.error);
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            if (!(message.handoffResults && message.handoffResults.length))
                                message.handoffResults = [];
                            message.handoffResults.push($root.aioscomm.v1.DeliverResult.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 6: {
                            if (wireType !== 2)
                                break;
                            if (!(message.auditResults && message.auditResults.length))
                                message.auditResults = [];
                            message.auditResults.push($root.aioscomm.v1.DeliverResult.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for DeliverResponse
             * @function getTypeUrl
             * @memberof aioscomm.v1.DeliverResponse
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            DeliverResponse.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.DeliverResponse";
            };

            return DeliverResponse;
        })();

        v1.Fact = (function() {

            /**
             * Properties of a Fact.
             * @typedef {Object} aioscomm.v1.Fact.$Properties
             * @property {number|null} [seq] Fact seq
             * @property {string|null} [kind] Fact kind
             * @property {Uint8Array|null} [envelope] Fact envelope
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Fact.
             * @memberof aioscomm.v1
             * @interface IFact
             * @augments aioscomm.v1.Fact.$Properties
             * @deprecated Use aioscomm.v1.Fact.$Properties instead.
             */

            /**
             * Shape of a Fact.
             * @typedef {aioscomm.v1.Fact.$Properties} aioscomm.v1.Fact.$Shape
             */

            /**
             * Constructs a new Fact.
             * @memberof aioscomm.v1
             * @classdesc Represents a Fact.
             * @constructor
             * @param {aioscomm.v1.Fact.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Fact = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Fact seq.
             * @member {number} seq
             * @memberof aioscomm.v1.Fact
             * @instance
             */
            Fact.prototype.seq = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Fact kind.
             * @member {string} kind
             * @memberof aioscomm.v1.Fact
             * @instance
             */
            Fact.prototype.kind = "";

            /**
             * Fact envelope.
             * @member {Uint8Array} envelope
             * @memberof aioscomm.v1.Fact
             * @instance
             */
            Fact.prototype.envelope = $util.newBuffer([]);

            /**
             * Encodes the specified Fact message. Does not implicitly {@link aioscomm.v1.Fact.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.Fact
             * @static
             * @param {aioscomm.v1.Fact.$Properties} message Fact message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Fact.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.seq != null && $Object.hasOwnProperty.call(message, "seq") && (typeof message.seq === "object" ? message.seq.low || message.seq.high : message.seq !== 0))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint64(message.seq);
                if (message.kind != null && $Object.hasOwnProperty.call(message, "kind") && message.kind !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.kind);
                if (message.envelope != null && $Object.hasOwnProperty.call(message, "envelope") && message.envelope.length)
                    writer.uint32(/* id 3, wireType 2 =*/26).bytes(message.envelope);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Fact message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.Fact
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.Fact & aioscomm.v1.Fact.$Shape} Fact
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Fact.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.Fact();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.seq = value;
                            else
                                delete message.seq;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.kind = value;
                            else
                                delete message.kind;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.envelope = value;
                            else
                                delete message.envelope;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for Fact
             * @function getTypeUrl
             * @memberof aioscomm.v1.Fact
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Fact.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.Fact";
            };

            return Fact;
        })();

        v1.SyncRequest = (function() {

            /**
             * Properties of a SyncRequest.
             * @typedef {Object} aioscomm.v1.SyncRequest.$Properties
             * @property {number|null} [since] SyncRequest since
             * @property {number|null} [limit] SyncRequest limit
             * @property {boolean|null} [tail] SyncRequest tail
             * @property {number|null} [window] SyncRequest window
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a SyncRequest.
             * @memberof aioscomm.v1
             * @interface ISyncRequest
             * @augments aioscomm.v1.SyncRequest.$Properties
             * @deprecated Use aioscomm.v1.SyncRequest.$Properties instead.
             */

            /**
             * Shape of a SyncRequest.
             * @typedef {aioscomm.v1.SyncRequest.$Properties} aioscomm.v1.SyncRequest.$Shape
             */

            /**
             * Constructs a new SyncRequest.
             * @memberof aioscomm.v1
             * @classdesc Represents a SyncRequest.
             * @constructor
             * @param {aioscomm.v1.SyncRequest.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const SyncRequest = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * SyncRequest since.
             * @member {number} since
             * @memberof aioscomm.v1.SyncRequest
             * @instance
             */
            SyncRequest.prototype.since = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * SyncRequest limit.
             * @member {number} limit
             * @memberof aioscomm.v1.SyncRequest
             * @instance
             */
            SyncRequest.prototype.limit = 0;

            /**
             * SyncRequest tail.
             * @member {boolean} tail
             * @memberof aioscomm.v1.SyncRequest
             * @instance
             */
            SyncRequest.prototype.tail = false;

            /**
             * SyncRequest window.
             * @member {number} window
             * @memberof aioscomm.v1.SyncRequest
             * @instance
             */
            SyncRequest.prototype.window = 0;

            /**
             * Encodes the specified SyncRequest message. Does not implicitly {@link aioscomm.v1.SyncRequest.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.SyncRequest
             * @static
             * @param {aioscomm.v1.SyncRequest.$Properties} message SyncRequest message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            SyncRequest.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.since != null && $Object.hasOwnProperty.call(message, "since") && (typeof message.since === "object" ? message.since.low || message.since.high : message.since !== 0))
                    writer.uint32(/* id 1, wireType 0 =*/8).uint64(message.since);
                if (message.limit != null && $Object.hasOwnProperty.call(message, "limit") && message.limit !== 0)
                    writer.uint32(/* id 2, wireType 0 =*/16).uint32(message.limit);
                if (message.tail != null && $Object.hasOwnProperty.call(message, "tail") && message.tail !== false)
                    writer.uint32(/* id 3, wireType 0 =*/24).bool(message.tail);
                if (message.window != null && $Object.hasOwnProperty.call(message, "window") && message.window !== 0)
                    writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.window);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a SyncRequest message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.SyncRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.SyncRequest & aioscomm.v1.SyncRequest.$Shape} SyncRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            SyncRequest.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.SyncRequest();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.since = value;
                            else
                                delete message.since;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.limit = value;
                            else
                                delete message.limit;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.bool())
                                message.tail = value;
                            else
                                delete message.tail;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.window = value;
                            else
                                delete message.window;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for SyncRequest
             * @function getTypeUrl
             * @memberof aioscomm.v1.SyncRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            SyncRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.SyncRequest";
            };

            return SyncRequest;
        })();

        v1.SyncAck = (function() {

            /**
             * Properties of a SyncAck.
             * @typedef {Object} aioscomm.v1.SyncAck.$Properties
             * @property {number|null} [pages] SyncAck pages
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a SyncAck.
             * @memberof aioscomm.v1
             * @interface ISyncAck
             * @augments aioscomm.v1.SyncAck.$Properties
             * @deprecated Use aioscomm.v1.SyncAck.$Properties instead.
             */

            /**
             * Shape of a SyncAck.
             * @typedef {aioscomm.v1.SyncAck.$Properties} aioscomm.v1.SyncAck.$Shape
             */

            /**
             * Constructs a new SyncAck.
             * @memberof aioscomm.v1
             * @classdesc Represents a SyncAck.
             * @constructor
             * @param {aioscomm.v1.SyncAck.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const SyncAck = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * SyncAck pages.
             * @member {number} pages
             * @memberof aioscomm.v1.SyncAck
             * @instance
             */
            SyncAck.prototype.pages = 0;

            /**
             * Encodes the specified SyncAck message. Does not implicitly {@link aioscomm.v1.SyncAck.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.SyncAck
             * @static
             * @param {aioscomm.v1.SyncAck.$Properties} message SyncAck message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            SyncAck.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.pages != null && $Object.hasOwnProperty.call(message, "pages") && message.pages !== 0)
                    writer.uint32(/* id 1, wireType 0 =*/8).uint32(message.pages);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a SyncAck message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.SyncAck
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.SyncAck & aioscomm.v1.SyncAck.$Shape} SyncAck
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            SyncAck.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.SyncAck();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.pages = value;
                            else
                                delete message.pages;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for SyncAck
             * @function getTypeUrl
             * @memberof aioscomm.v1.SyncAck
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            SyncAck.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.SyncAck";
            };

            return SyncAck;
        })();

        v1.FactBatch = (function() {

            /**
             * Properties of a FactBatch.
             * @typedef {Object} aioscomm.v1.FactBatch.$Properties
             * @property {Array.<aioscomm.v1.Fact.$Properties>|null} [facts] FactBatch facts
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a FactBatch.
             * @memberof aioscomm.v1
             * @interface IFactBatch
             * @augments aioscomm.v1.FactBatch.$Properties
             * @deprecated Use aioscomm.v1.FactBatch.$Properties instead.
             */

            /**
             * Shape of a FactBatch.
             * @typedef {aioscomm.v1.FactBatch.$Properties} aioscomm.v1.FactBatch.$Shape
             */

            /**
             * Constructs a new FactBatch.
             * @memberof aioscomm.v1
             * @classdesc Represents a FactBatch.
             * @constructor
             * @param {aioscomm.v1.FactBatch.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const FactBatch = function (properties) {
                this.facts = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * FactBatch facts.
             * @member {Array.<aioscomm.v1.Fact.$Properties>} facts
             * @memberof aioscomm.v1.FactBatch
             * @instance
             */
            FactBatch.prototype.facts = $util.emptyArray;

            /**
             * Encodes the specified FactBatch message. Does not implicitly {@link aioscomm.v1.FactBatch.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.FactBatch
             * @static
             * @param {aioscomm.v1.FactBatch.$Properties} message FactBatch message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            FactBatch.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.facts != null && message.facts.length)
                    for (let i = 0; i < message.facts.length; ++i)
                        $root.aioscomm.v1.Fact.encode(message.facts[i], writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a FactBatch message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.FactBatch
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.FactBatch & aioscomm.v1.FactBatch.$Shape} FactBatch
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            FactBatch.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.FactBatch();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if (!(message.facts && message.facts.length))
                                message.facts = [];
                            message.facts.push($root.aioscomm.v1.Fact.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for FactBatch
             * @function getTypeUrl
             * @memberof aioscomm.v1.FactBatch
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            FactBatch.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.FactBatch";
            };

            return FactBatch;
        })();

        v1.SyncPage = (function() {

            /**
             * Properties of a SyncPage.
             * @typedef {Object} aioscomm.v1.SyncPage.$Properties
             * @property {Array.<aioscomm.v1.Fact.$Properties>|null} [facts] SyncPage facts
             * @property {number|null} [head] SyncPage head
             * @property {boolean|null} [done] SyncPage done
             * @property {number|null} [window] SyncPage window
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a SyncPage.
             * @memberof aioscomm.v1
             * @interface ISyncPage
             * @augments aioscomm.v1.SyncPage.$Properties
             * @deprecated Use aioscomm.v1.SyncPage.$Properties instead.
             */

            /**
             * Shape of a SyncPage.
             * @typedef {aioscomm.v1.SyncPage.$Properties} aioscomm.v1.SyncPage.$Shape
             */

            /**
             * Constructs a new SyncPage.
             * @memberof aioscomm.v1
             * @classdesc Represents a SyncPage.
             * @constructor
             * @param {aioscomm.v1.SyncPage.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const SyncPage = function (properties) {
                this.facts = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * SyncPage facts.
             * @member {Array.<aioscomm.v1.Fact.$Properties>} facts
             * @memberof aioscomm.v1.SyncPage
             * @instance
             */
            SyncPage.prototype.facts = $util.emptyArray;

            /**
             * SyncPage head.
             * @member {number} head
             * @memberof aioscomm.v1.SyncPage
             * @instance
             */
            SyncPage.prototype.head = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * SyncPage done.
             * @member {boolean} done
             * @memberof aioscomm.v1.SyncPage
             * @instance
             */
            SyncPage.prototype.done = false;

            /**
             * SyncPage window.
             * @member {number} window
             * @memberof aioscomm.v1.SyncPage
             * @instance
             */
            SyncPage.prototype.window = 0;

            /**
             * Encodes the specified SyncPage message. Does not implicitly {@link aioscomm.v1.SyncPage.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.SyncPage
             * @static
             * @param {aioscomm.v1.SyncPage.$Properties} message SyncPage message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            SyncPage.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.facts != null && message.facts.length)
                    for (let i = 0; i < message.facts.length; ++i)
                        $root.aioscomm.v1.Fact.encode(message.facts[i], writer.uint32(/* id 1, wireType 2 =*/10).fork(), _depth + 1).ldelim();
                if (message.head != null && $Object.hasOwnProperty.call(message, "head") && (typeof message.head === "object" ? message.head.low || message.head.high : message.head !== 0))
                    writer.uint32(/* id 2, wireType 0 =*/16).uint64(message.head);
                if (message.done != null && $Object.hasOwnProperty.call(message, "done") && message.done !== false)
                    writer.uint32(/* id 3, wireType 0 =*/24).bool(message.done);
                if (message.window != null && $Object.hasOwnProperty.call(message, "window") && message.window !== 0)
                    writer.uint32(/* id 4, wireType 0 =*/32).uint32(message.window);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a SyncPage message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.SyncPage
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.SyncPage & aioscomm.v1.SyncPage.$Shape} SyncPage
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            SyncPage.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.SyncPage();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if (!(message.facts && message.facts.length))
                                message.facts = [];
                            message.facts.push($root.aioscomm.v1.Fact.decode(reader, reader.size(), $undefined, _depth + 1));
                            continue;
                        }
                    case 2: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.head = value;
                            else
                                delete message.head;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.bool())
                                message.done = value;
                            else
                                delete message.done;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.uint32())
                                message.window = value;
                            else
                                delete message.window;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for SyncPage
             * @function getTypeUrl
             * @memberof aioscomm.v1.SyncPage
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            SyncPage.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.SyncPage";
            };

            return SyncPage;
        })();

        v1.StreamError = (function() {

            /**
             * Properties of a StreamError.
             * @typedef {Object} aioscomm.v1.StreamError.$Properties
             * @property {string|null} [code] StreamError code
             * @property {string|null} [message] StreamError message
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a StreamError.
             * @memberof aioscomm.v1
             * @interface IStreamError
             * @augments aioscomm.v1.StreamError.$Properties
             * @deprecated Use aioscomm.v1.StreamError.$Properties instead.
             */

            /**
             * Shape of a StreamError.
             * @typedef {aioscomm.v1.StreamError.$Properties} aioscomm.v1.StreamError.$Shape
             */

            /**
             * Constructs a new StreamError.
             * @memberof aioscomm.v1
             * @classdesc Represents a StreamError.
             * @constructor
             * @param {aioscomm.v1.StreamError.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const StreamError = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * StreamError code.
             * @member {string} code
             * @memberof aioscomm.v1.StreamError
             * @instance
             */
            StreamError.prototype.code = "";

            /**
             * StreamError message.
             * @member {string} message
             * @memberof aioscomm.v1.StreamError
             * @instance
             */
            StreamError.prototype.message = "";

            /**
             * Encodes the specified StreamError message. Does not implicitly {@link aioscomm.v1.StreamError.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.StreamError
             * @static
             * @param {aioscomm.v1.StreamError.$Properties} message StreamError message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            StreamError.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.code != null && $Object.hasOwnProperty.call(message, "code") && message.code !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.code);
                if (message.message != null && $Object.hasOwnProperty.call(message, "message") && message.message !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.message);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a StreamError message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.StreamError
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.StreamError & aioscomm.v1.StreamError.$Shape} StreamError
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            StreamError.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.StreamError();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.code = value;
                            else
                                delete message.code;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.message = value;
                            else
                                delete message.message;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for StreamError
             * @function getTypeUrl
             * @memberof aioscomm.v1.StreamError
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            StreamError.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.StreamError";
            };

            return StreamError;
        })();

        v1.JoinRequest = (function() {

            /**
             * Properties of a JoinRequest.
             * @typedef {Object} aioscomm.v1.JoinRequest.$Properties
             * @property {Uint8Array|null} [secret] JoinRequest secret
             * @property {Array.<Uint8Array>|null} [requests] JoinRequest requests
             * @property {Array.<Uint8Array>|null} [cards] JoinRequest cards
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a JoinRequest.
             * @memberof aioscomm.v1
             * @interface IJoinRequest
             * @augments aioscomm.v1.JoinRequest.$Properties
             * @deprecated Use aioscomm.v1.JoinRequest.$Properties instead.
             */

            /**
             * Shape of a JoinRequest.
             * @typedef {aioscomm.v1.JoinRequest.$Properties} aioscomm.v1.JoinRequest.$Shape
             */

            /**
             * Constructs a new JoinRequest.
             * @memberof aioscomm.v1
             * @classdesc Represents a JoinRequest.
             * @constructor
             * @param {aioscomm.v1.JoinRequest.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const JoinRequest = function (properties) {
                this.requests = [];
                this.cards = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * JoinRequest secret.
             * @member {Uint8Array} secret
             * @memberof aioscomm.v1.JoinRequest
             * @instance
             */
            JoinRequest.prototype.secret = $util.newBuffer([]);

            /**
             * JoinRequest requests.
             * @member {Array.<Uint8Array>} requests
             * @memberof aioscomm.v1.JoinRequest
             * @instance
             */
            JoinRequest.prototype.requests = $util.emptyArray;

            /**
             * JoinRequest cards.
             * @member {Array.<Uint8Array>} cards
             * @memberof aioscomm.v1.JoinRequest
             * @instance
             */
            JoinRequest.prototype.cards = $util.emptyArray;

            /**
             * Encodes the specified JoinRequest message. Does not implicitly {@link aioscomm.v1.JoinRequest.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.JoinRequest
             * @static
             * @param {aioscomm.v1.JoinRequest.$Properties} message JoinRequest message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            JoinRequest.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.secret != null && $Object.hasOwnProperty.call(message, "secret") && message.secret.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.secret);
                if (message.requests != null && message.requests.length)
                    for (let i = 0; i < message.requests.length; ++i)
                        writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.requests[i]);
                if (message.cards != null && message.cards.length)
                    for (let i = 0; i < message.cards.length; ++i)
                        writer.uint32(/* id 3, wireType 2 =*/26).bytes(message.cards[i]);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a JoinRequest message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.JoinRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.JoinRequest & aioscomm.v1.JoinRequest.$Shape} JoinRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            JoinRequest.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.JoinRequest();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.secret = value;
                            else
                                delete message.secret;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if (!(message.requests && message.requests.length))
                                message.requests = [];
                            message.requests.push(reader.bytes());
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if (!(message.cards && message.cards.length))
                                message.cards = [];
                            message.cards.push(reader.bytes());
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for JoinRequest
             * @function getTypeUrl
             * @memberof aioscomm.v1.JoinRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            JoinRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.JoinRequest";
            };

            return JoinRequest;
        })();

        v1.JoinResponse = (function() {

            /**
             * Properties of a JoinResponse.
             * @typedef {Object} aioscomm.v1.JoinResponse.$Properties
             * @property {Array.<Uint8Array>|null} [endorsements] JoinResponse endorsements
             * @property {Array.<Uint8Array>|null} [cards] JoinResponse cards
             * @property {Array.<string>|null} [bootstrap] JoinResponse bootstrap
             * @property {string|null} [errorCode] JoinResponse errorCode
             * @property {string|null} [errorMessage] JoinResponse errorMessage
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a JoinResponse.
             * @memberof aioscomm.v1
             * @interface IJoinResponse
             * @augments aioscomm.v1.JoinResponse.$Properties
             * @deprecated Use aioscomm.v1.JoinResponse.$Properties instead.
             */

            /**
             * Shape of a JoinResponse.
             * @typedef {aioscomm.v1.JoinResponse.$Properties} aioscomm.v1.JoinResponse.$Shape
             */

            /**
             * Constructs a new JoinResponse.
             * @memberof aioscomm.v1
             * @classdesc Represents a JoinResponse.
             * @constructor
             * @param {aioscomm.v1.JoinResponse.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const JoinResponse = function (properties) {
                this.endorsements = [];
                this.cards = [];
                this.bootstrap = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * JoinResponse endorsements.
             * @member {Array.<Uint8Array>} endorsements
             * @memberof aioscomm.v1.JoinResponse
             * @instance
             */
            JoinResponse.prototype.endorsements = $util.emptyArray;

            /**
             * JoinResponse cards.
             * @member {Array.<Uint8Array>} cards
             * @memberof aioscomm.v1.JoinResponse
             * @instance
             */
            JoinResponse.prototype.cards = $util.emptyArray;

            /**
             * JoinResponse bootstrap.
             * @member {Array.<string>} bootstrap
             * @memberof aioscomm.v1.JoinResponse
             * @instance
             */
            JoinResponse.prototype.bootstrap = $util.emptyArray;

            /**
             * JoinResponse errorCode.
             * @member {string} errorCode
             * @memberof aioscomm.v1.JoinResponse
             * @instance
             */
            JoinResponse.prototype.errorCode = "";

            /**
             * JoinResponse errorMessage.
             * @member {string} errorMessage
             * @memberof aioscomm.v1.JoinResponse
             * @instance
             */
            JoinResponse.prototype.errorMessage = "";

            /**
             * Encodes the specified JoinResponse message. Does not implicitly {@link aioscomm.v1.JoinResponse.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.JoinResponse
             * @static
             * @param {aioscomm.v1.JoinResponse.$Properties} message JoinResponse message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            JoinResponse.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.endorsements != null && message.endorsements.length)
                    for (let i = 0; i < message.endorsements.length; ++i)
                        writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.endorsements[i]);
                if (message.cards != null && message.cards.length)
                    for (let i = 0; i < message.cards.length; ++i)
                        writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.cards[i]);
                if (message.bootstrap != null && message.bootstrap.length)
                    for (let i = 0; i < message.bootstrap.length; ++i)
                        writer.uint32(/* id 3, wireType 2 =*/26).string(message.bootstrap[i]);
                if (message.errorCode != null && $Object.hasOwnProperty.call(message, "errorCode") && message.errorCode !== "")
                    writer.uint32(/* id 4, wireType 2 =*/34).string(message.errorCode);
                if (message.errorMessage != null && $Object.hasOwnProperty.call(message, "errorMessage") && message.errorMessage !== "")
                    writer.uint32(/* id 5, wireType 2 =*/42).string(message.errorMessage);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a JoinResponse message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.JoinResponse
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.JoinResponse & aioscomm.v1.JoinResponse.$Shape} JoinResponse
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            JoinResponse.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.JoinResponse();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if (!(message.endorsements && message.endorsements.length))
                                message.endorsements = [];
                            message.endorsements.push(reader.bytes());
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if (!(message.cards && message.cards.length))
                                message.cards = [];
                            message.cards.push(reader.bytes());
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if (!(message.bootstrap && message.bootstrap.length))
                                message.bootstrap = [];
                            message.bootstrap.push(reader.stringVerify());
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.errorCode = value;
                            else
                                delete message.errorCode;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.errorMessage = value;
                            else
                                delete message.errorMessage;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for JoinResponse
             * @function getTypeUrl
             * @memberof aioscomm.v1.JoinResponse
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            JoinResponse.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.JoinResponse";
            };

            return JoinResponse;
        })();

        /**
         * LeaseKind enum.
         * @name aioscomm.v1.LeaseKind
         * @enum {number}
         * @property {number} LEASE_KIND_UNSPECIFIED=0 LEASE_KIND_UNSPECIFIED value
         * @property {number} GRANTED=1 GRANTED value
         * @property {number} RELEASED=2 RELEASED value
         */
        v1.LeaseKind = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "LEASE_KIND_UNSPECIFIED"] = 0;
            values[valuesById[1] = "GRANTED"] = 1;
            values[valuesById[2] = "RELEASED"] = 2;
            return values;
        })();

        v1.Lease = (function() {

            /**
             * Properties of a Lease.
             * @typedef {Object} aioscomm.v1.Lease.$Properties
             * @property {Uint8Array|null} [messageId] Lease messageId
             * @property {Uint8Array|null} [messageHash] Lease messageHash
             * @property {string|null} [role] Lease role
             * @property {string|null} [holder] Lease holder
             * @property {Uint8Array|null} [holderKey] Lease holderKey
             * @property {number|null} [fence] Lease fence
             * @property {aioscomm.v1.LeaseKind|null} [kind] Lease kind
             * @property {number|null} [atMs] Lease atMs
             * @property {number|null} [expiresAtMs] Lease expiresAtMs
             * @property {Uint8Array|null} [header] Lease header
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a Lease.
             * @memberof aioscomm.v1
             * @interface ILease
             * @augments aioscomm.v1.Lease.$Properties
             * @deprecated Use aioscomm.v1.Lease.$Properties instead.
             */

            /**
             * Shape of a Lease.
             * @typedef {aioscomm.v1.Lease.$Properties} aioscomm.v1.Lease.$Shape
             */

            /**
             * Constructs a new Lease.
             * @memberof aioscomm.v1
             * @classdesc Represents a Lease.
             * @constructor
             * @param {aioscomm.v1.Lease.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const Lease = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * Lease messageId.
             * @member {Uint8Array} messageId
             * @memberof aioscomm.v1.Lease
             * @instance
             */
            Lease.prototype.messageId = $util.newBuffer([]);

            /**
             * Lease messageHash.
             * @member {Uint8Array} messageHash
             * @memberof aioscomm.v1.Lease
             * @instance
             */
            Lease.prototype.messageHash = $util.newBuffer([]);

            /**
             * Lease role.
             * @member {string} role
             * @memberof aioscomm.v1.Lease
             * @instance
             */
            Lease.prototype.role = "";

            /**
             * Lease holder.
             * @member {string} holder
             * @memberof aioscomm.v1.Lease
             * @instance
             */
            Lease.prototype.holder = "";

            /**
             * Lease holderKey.
             * @member {Uint8Array} holderKey
             * @memberof aioscomm.v1.Lease
             * @instance
             */
            Lease.prototype.holderKey = $util.newBuffer([]);

            /**
             * Lease fence.
             * @member {number} fence
             * @memberof aioscomm.v1.Lease
             * @instance
             */
            Lease.prototype.fence = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Lease kind.
             * @member {aioscomm.v1.LeaseKind} kind
             * @memberof aioscomm.v1.Lease
             * @instance
             */
            Lease.prototype.kind = 0;

            /**
             * Lease atMs.
             * @member {number} atMs
             * @memberof aioscomm.v1.Lease
             * @instance
             */
            Lease.prototype.atMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Lease expiresAtMs.
             * @member {number} expiresAtMs
             * @memberof aioscomm.v1.Lease
             * @instance
             */
            Lease.prototype.expiresAtMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Lease header.
             * @member {Uint8Array} header
             * @memberof aioscomm.v1.Lease
             * @instance
             */
            Lease.prototype.header = $util.newBuffer([]);

            /**
             * Encodes the specified Lease message. Does not implicitly {@link aioscomm.v1.Lease.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.Lease
             * @static
             * @param {aioscomm.v1.Lease.$Properties} message Lease message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            Lease.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.messageId != null && $Object.hasOwnProperty.call(message, "messageId") && message.messageId.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.messageId);
                if (message.messageHash != null && $Object.hasOwnProperty.call(message, "messageHash") && message.messageHash.length)
                    writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.messageHash);
                if (message.role != null && $Object.hasOwnProperty.call(message, "role") && message.role !== "")
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.role);
                if (message.holder != null && $Object.hasOwnProperty.call(message, "holder") && message.holder !== "")
                    writer.uint32(/* id 4, wireType 2 =*/34).string(message.holder);
                if (message.holderKey != null && $Object.hasOwnProperty.call(message, "holderKey") && message.holderKey.length)
                    writer.uint32(/* id 5, wireType 2 =*/42).bytes(message.holderKey);
                if (message.fence != null && $Object.hasOwnProperty.call(message, "fence") && (typeof message.fence === "object" ? message.fence.low || message.fence.high : message.fence !== 0))
                    writer.uint32(/* id 6, wireType 0 =*/48).uint64(message.fence);
                if (message.kind != null && $Object.hasOwnProperty.call(message, "kind") && message.kind !== 0)
                    writer.uint32(/* id 7, wireType 0 =*/56).int32(message.kind);
                if (message.atMs != null && $Object.hasOwnProperty.call(message, "atMs") && (typeof message.atMs === "object" ? message.atMs.low || message.atMs.high : message.atMs !== 0))
                    writer.uint32(/* id 8, wireType 0 =*/64).uint64(message.atMs);
                if (message.expiresAtMs != null && $Object.hasOwnProperty.call(message, "expiresAtMs") && (typeof message.expiresAtMs === "object" ? message.expiresAtMs.low || message.expiresAtMs.high : message.expiresAtMs !== 0))
                    writer.uint32(/* id 9, wireType 0 =*/72).uint64(message.expiresAtMs);
                if (message.header != null && $Object.hasOwnProperty.call(message, "header") && message.header.length)
                    writer.uint32(/* id 10, wireType 2 =*/82).bytes(message.header);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a Lease message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.Lease
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.Lease & aioscomm.v1.Lease.$Shape} Lease
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            Lease.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.Lease();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.messageId = value;
                            else
                                delete message.messageId;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.messageHash = value;
                            else
                                delete message.messageHash;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.role = value;
                            else
                                delete message.role;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.holder = value;
                            else
                                delete message.holder;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.holderKey = value;
                            else
                                delete message.holderKey;
                            continue;
                        }
                    case 6: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.fence = value;
                            else
                                delete message.fence;
                            continue;
                        }
                    case 7: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.kind = value;
                            else
                                delete message.kind;
                            continue;
                        }
                    case 8: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.atMs = value;
                            else
                                delete message.atMs;
                            continue;
                        }
                    case 9: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.expiresAtMs = value;
                            else
                                delete message.expiresAtMs;
                            continue;
                        }
                    case 10: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.header = value;
                            else
                                delete message.header;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for Lease
             * @function getTypeUrl
             * @memberof aioscomm.v1.Lease
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            Lease.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.Lease";
            };

            return Lease;
        })();

        /**
         * LeaseOp enum.
         * @name aioscomm.v1.LeaseOp
         * @enum {number}
         * @property {number} LEASE_OP_UNSPECIFIED=0 LEASE_OP_UNSPECIFIED value
         * @property {number} CLAIM=1 CLAIM value
         * @property {number} RENEW=2 RENEW value
         * @property {number} RELEASE=3 RELEASE value
         */
        v1.LeaseOp = (function() {
            const valuesById = $Object.create(null), values = $Object.create(valuesById);
            values[valuesById[0] = "LEASE_OP_UNSPECIFIED"] = 0;
            values[valuesById[1] = "CLAIM"] = 1;
            values[valuesById[2] = "RENEW"] = 2;
            values[valuesById[3] = "RELEASE"] = 3;
            return values;
        })();

        v1.LeaseRequest = (function() {

            /**
             * Properties of a LeaseRequest.
             * @typedef {Object} aioscomm.v1.LeaseRequest.$Properties
             * @property {aioscomm.v1.LeaseOp|null} [op] LeaseRequest op
             * @property {Uint8Array|null} [messageId] LeaseRequest messageId
             * @property {string|null} [seat] LeaseRequest seat
             * @property {number|null} [durationMs] LeaseRequest durationMs
             * @property {number|null} [fence] LeaseRequest fence
             * @property {number|null} [atMs] LeaseRequest atMs
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a LeaseRequest.
             * @memberof aioscomm.v1
             * @interface ILeaseRequest
             * @augments aioscomm.v1.LeaseRequest.$Properties
             * @deprecated Use aioscomm.v1.LeaseRequest.$Properties instead.
             */

            /**
             * Shape of a LeaseRequest.
             * @typedef {aioscomm.v1.LeaseRequest.$Properties} aioscomm.v1.LeaseRequest.$Shape
             */

            /**
             * Constructs a new LeaseRequest.
             * @memberof aioscomm.v1
             * @classdesc Represents a LeaseRequest.
             * @constructor
             * @param {aioscomm.v1.LeaseRequest.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const LeaseRequest = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * LeaseRequest op.
             * @member {aioscomm.v1.LeaseOp} op
             * @memberof aioscomm.v1.LeaseRequest
             * @instance
             */
            LeaseRequest.prototype.op = 0;

            /**
             * LeaseRequest messageId.
             * @member {Uint8Array} messageId
             * @memberof aioscomm.v1.LeaseRequest
             * @instance
             */
            LeaseRequest.prototype.messageId = $util.newBuffer([]);

            /**
             * LeaseRequest seat.
             * @member {string} seat
             * @memberof aioscomm.v1.LeaseRequest
             * @instance
             */
            LeaseRequest.prototype.seat = "";

            /**
             * LeaseRequest durationMs.
             * @member {number} durationMs
             * @memberof aioscomm.v1.LeaseRequest
             * @instance
             */
            LeaseRequest.prototype.durationMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * LeaseRequest fence.
             * @member {number} fence
             * @memberof aioscomm.v1.LeaseRequest
             * @instance
             */
            LeaseRequest.prototype.fence = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * LeaseRequest atMs.
             * @member {number} atMs
             * @memberof aioscomm.v1.LeaseRequest
             * @instance
             */
            LeaseRequest.prototype.atMs = $util.Long ? $util.Long.fromBits(0,0,true) : 0;

            /**
             * Encodes the specified LeaseRequest message. Does not implicitly {@link aioscomm.v1.LeaseRequest.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.LeaseRequest
             * @static
             * @param {aioscomm.v1.LeaseRequest.$Properties} message LeaseRequest message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            LeaseRequest.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.op != null && $Object.hasOwnProperty.call(message, "op") && message.op !== 0)
                    writer.uint32(/* id 1, wireType 0 =*/8).int32(message.op);
                if (message.messageId != null && $Object.hasOwnProperty.call(message, "messageId") && message.messageId.length)
                    writer.uint32(/* id 2, wireType 2 =*/18).bytes(message.messageId);
                if (message.seat != null && $Object.hasOwnProperty.call(message, "seat") && message.seat !== "")
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.seat);
                if (message.durationMs != null && $Object.hasOwnProperty.call(message, "durationMs") && (typeof message.durationMs === "object" ? message.durationMs.low || message.durationMs.high : message.durationMs !== 0))
                    writer.uint32(/* id 4, wireType 0 =*/32).uint64(message.durationMs);
                if (message.fence != null && $Object.hasOwnProperty.call(message, "fence") && (typeof message.fence === "object" ? message.fence.low || message.fence.high : message.fence !== 0))
                    writer.uint32(/* id 5, wireType 0 =*/40).uint64(message.fence);
                if (message.atMs != null && $Object.hasOwnProperty.call(message, "atMs") && (typeof message.atMs === "object" ? message.atMs.low || message.atMs.high : message.atMs !== 0))
                    writer.uint32(/* id 6, wireType 0 =*/48).uint64(message.atMs);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a LeaseRequest message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.LeaseRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.LeaseRequest & aioscomm.v1.LeaseRequest.$Shape} LeaseRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            LeaseRequest.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.LeaseRequest();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 0)
                                break;
                            if (value = reader.int32())
                                message.op = value;
                            else
                                delete message.op;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.messageId = value;
                            else
                                delete message.messageId;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.seat = value;
                            else
                                delete message.seat;
                            continue;
                        }
                    case 4: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.durationMs = value;
                            else
                                delete message.durationMs;
                            continue;
                        }
                    case 5: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.fence = value;
                            else
                                delete message.fence;
                            continue;
                        }
                    case 6: {
                            if (wireType !== 0)
                                break;
                            if (typeof (value = reader.uint64()) === "object" ? value.low || value.high : value !== 0)
                                message.atMs = value;
                            else
                                delete message.atMs;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for LeaseRequest
             * @function getTypeUrl
             * @memberof aioscomm.v1.LeaseRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            LeaseRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.LeaseRequest";
            };

            return LeaseRequest;
        })();

        v1.LeaseAnswer = (function() {

            /**
             * Properties of a LeaseAnswer.
             * @typedef {Object} aioscomm.v1.LeaseAnswer.$Properties
             * @property {Uint8Array|null} [lease] LeaseAnswer lease
             * @property {string|null} [errorCode] LeaseAnswer errorCode
             * @property {string|null} [errorMessage] LeaseAnswer errorMessage
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a LeaseAnswer.
             * @memberof aioscomm.v1
             * @interface ILeaseAnswer
             * @augments aioscomm.v1.LeaseAnswer.$Properties
             * @deprecated Use aioscomm.v1.LeaseAnswer.$Properties instead.
             */

            /**
             * Shape of a LeaseAnswer.
             * @typedef {aioscomm.v1.LeaseAnswer.$Properties} aioscomm.v1.LeaseAnswer.$Shape
             */

            /**
             * Constructs a new LeaseAnswer.
             * @memberof aioscomm.v1
             * @classdesc Represents a LeaseAnswer.
             * @constructor
             * @param {aioscomm.v1.LeaseAnswer.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const LeaseAnswer = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * LeaseAnswer lease.
             * @member {Uint8Array} lease
             * @memberof aioscomm.v1.LeaseAnswer
             * @instance
             */
            LeaseAnswer.prototype.lease = $util.newBuffer([]);

            /**
             * LeaseAnswer errorCode.
             * @member {string} errorCode
             * @memberof aioscomm.v1.LeaseAnswer
             * @instance
             */
            LeaseAnswer.prototype.errorCode = "";

            /**
             * LeaseAnswer errorMessage.
             * @member {string} errorMessage
             * @memberof aioscomm.v1.LeaseAnswer
             * @instance
             */
            LeaseAnswer.prototype.errorMessage = "";

            /**
             * Encodes the specified LeaseAnswer message. Does not implicitly {@link aioscomm.v1.LeaseAnswer.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.LeaseAnswer
             * @static
             * @param {aioscomm.v1.LeaseAnswer.$Properties} message LeaseAnswer message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            LeaseAnswer.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.lease != null && $Object.hasOwnProperty.call(message, "lease") && message.lease.length)
                    writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.lease);
                if (message.errorCode != null && $Object.hasOwnProperty.call(message, "errorCode") && message.errorCode !== "")
                    writer.uint32(/* id 2, wireType 2 =*/18).string(message.errorCode);
                if (message.errorMessage != null && $Object.hasOwnProperty.call(message, "errorMessage") && message.errorMessage !== "")
                    writer.uint32(/* id 3, wireType 2 =*/26).string(message.errorMessage);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a LeaseAnswer message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.LeaseAnswer
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.LeaseAnswer & aioscomm.v1.LeaseAnswer.$Shape} LeaseAnswer
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            LeaseAnswer.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.LeaseAnswer();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.bytes()).length)
                                message.lease = value;
                            else
                                delete message.lease;
                            continue;
                        }
                    case 2: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.errorCode = value;
                            else
                                delete message.errorCode;
                            continue;
                        }
                    case 3: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.errorMessage = value;
                            else
                                delete message.errorMessage;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for LeaseAnswer
             * @function getTypeUrl
             * @memberof aioscomm.v1.LeaseAnswer
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            LeaseAnswer.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.LeaseAnswer";
            };

            return LeaseAnswer;
        })();

        v1.CardsRequest = (function() {

            /**
             * Properties of a CardsRequest.
             * @typedef {Object} aioscomm.v1.CardsRequest.$Properties
             * @property {string|null} [skill] CardsRequest skill
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a CardsRequest.
             * @memberof aioscomm.v1
             * @interface ICardsRequest
             * @augments aioscomm.v1.CardsRequest.$Properties
             * @deprecated Use aioscomm.v1.CardsRequest.$Properties instead.
             */

            /**
             * Shape of a CardsRequest.
             * @typedef {aioscomm.v1.CardsRequest.$Properties} aioscomm.v1.CardsRequest.$Shape
             */

            /**
             * Constructs a new CardsRequest.
             * @memberof aioscomm.v1
             * @classdesc Represents a CardsRequest.
             * @constructor
             * @param {aioscomm.v1.CardsRequest.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const CardsRequest = function (properties) {
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * CardsRequest skill.
             * @member {string} skill
             * @memberof aioscomm.v1.CardsRequest
             * @instance
             */
            CardsRequest.prototype.skill = "";

            /**
             * Encodes the specified CardsRequest message. Does not implicitly {@link aioscomm.v1.CardsRequest.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.CardsRequest
             * @static
             * @param {aioscomm.v1.CardsRequest.$Properties} message CardsRequest message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            CardsRequest.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.skill != null && $Object.hasOwnProperty.call(message, "skill") && message.skill !== "")
                    writer.uint32(/* id 1, wireType 2 =*/10).string(message.skill);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a CardsRequest message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.CardsRequest
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.CardsRequest & aioscomm.v1.CardsRequest.$Shape} CardsRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            CardsRequest.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message, value;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.CardsRequest();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if ((value = reader.stringVerify()).length)
                                message.skill = value;
                            else
                                delete message.skill;
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for CardsRequest
             * @function getTypeUrl
             * @memberof aioscomm.v1.CardsRequest
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            CardsRequest.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.CardsRequest";
            };

            return CardsRequest;
        })();

        v1.CardsAnswer = (function() {

            /**
             * Properties of a CardsAnswer.
             * @typedef {Object} aioscomm.v1.CardsAnswer.$Properties
             * @property {Array.<Uint8Array>|null} [cards] CardsAnswer cards
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */

            /**
             * Properties of a CardsAnswer.
             * @memberof aioscomm.v1
             * @interface ICardsAnswer
             * @augments aioscomm.v1.CardsAnswer.$Properties
             * @deprecated Use aioscomm.v1.CardsAnswer.$Properties instead.
             */

            /**
             * Shape of a CardsAnswer.
             * @typedef {aioscomm.v1.CardsAnswer.$Properties} aioscomm.v1.CardsAnswer.$Shape
             */

            /**
             * Constructs a new CardsAnswer.
             * @memberof aioscomm.v1
             * @classdesc Represents a CardsAnswer.
             * @constructor
             * @param {aioscomm.v1.CardsAnswer.$Properties=} [properties] Properties to set
             * @property {Array.<Uint8Array>} [$unknowns] Unknown fields preserved while decoding when enabled
             */
            const CardsAnswer = function (properties) {
                this.cards = [];
                if (properties)
                    for (let keys = $Object.keys(properties), i = 0; i < keys.length; ++i)
                        if (properties[keys[i]] != null && keys[i] !== "__proto__")
                            this[keys[i]] = properties[keys[i]];
            };

            /**
             * CardsAnswer cards.
             * @member {Array.<Uint8Array>} cards
             * @memberof aioscomm.v1.CardsAnswer
             * @instance
             */
            CardsAnswer.prototype.cards = $util.emptyArray;

            /**
             * Encodes the specified CardsAnswer message. Does not implicitly {@link aioscomm.v1.CardsAnswer.verify|verify} messages.
             * @function encode
             * @memberof aioscomm.v1.CardsAnswer
             * @static
             * @param {aioscomm.v1.CardsAnswer.$Properties} message CardsAnswer message or plain object to encode
             * @param {$protobuf.Writer} [writer] Writer to encode to
             * @returns {$protobuf.Writer} Writer
             */
            CardsAnswer.encode = function (message, writer, _depth) {
                if (!writer)
                    writer = $Writer.create();
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $util.recursionLimit)
                    throw $Error("max depth exceeded");
                if (message.cards != null && message.cards.length)
                    for (let i = 0; i < message.cards.length; ++i)
                        writer.uint32(/* id 1, wireType 2 =*/10).bytes(message.cards[i]);
                if (message.$unknowns != null && $Object.hasOwnProperty.call(message, "$unknowns"))
                    for (let i = 0; i < message.$unknowns.length; ++i)
                        writer.raw(message.$unknowns[i]);
                return writer;
            };

            /**
             * Decodes a CardsAnswer message from the specified reader or buffer.
             * @function decode
             * @memberof aioscomm.v1.CardsAnswer
             * @static
             * @param {$protobuf.Reader|Uint8Array} reader Reader or buffer to decode from
             * @param {number} [length] Message length if known beforehand
             * @returns {aioscomm.v1.CardsAnswer & aioscomm.v1.CardsAnswer.$Shape} CardsAnswer
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            CardsAnswer.decode = function (reader, length, _end, _depth, _target) {
                if (!(reader instanceof $Reader))
                    reader = $Reader.create(reader);
                if (_depth === $undefined)
                    _depth = 0;
                if (_depth > $Reader.recursionLimit)
                    throw $Error("max depth exceeded");
                let end, message;
                if (length === $undefined)
                    end = reader.len;
                else {
                    end = reader.pos + length;
                    if (end > reader.len)
                        throw $RangeError("index out of range");
                    length = reader.len;
                    reader.len = end;
                }
                message = _target || new $root.aioscomm.v1.CardsAnswer();
                while (reader.pos < end) {
                    let start = reader.pos;
                    let tag = reader.tag();
                    if (tag === _end) {
                        _end = $undefined;
                        break;
                    }
                    let wireType = tag & 7;
                    switch (tag >>>= 3) {
                    case 1: {
                            if (wireType !== 2)
                                break;
                            if (!(message.cards && message.cards.length))
                                message.cards = [];
                            message.cards.push(reader.bytes());
                            continue;
                        }
                    }
                    reader.skipType(wireType, _depth, tag);
                    if (!reader.discardUnknown) {
                        $util.makeProp(message, "$unknowns", false);
                        (message.$unknowns || (message.$unknowns = [])).push(reader.raw(start, reader.pos));
                    }
                }
                if (length !== $undefined) {
                    if (reader.pos !== end)
                        throw $RangeError("index out of range");
                    reader.len = length;
                }
                if (_end !== $undefined)
                    throw $Error("missing end group");
                return message;
            };

            /**
             * Gets the type url for CardsAnswer
             * @function getTypeUrl
             * @memberof aioscomm.v1.CardsAnswer
             * @static
             * @param {string} [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns {string} The type url
             */
            CardsAnswer.getTypeUrl = function(prefix) {
                if (prefix === $undefined)
                    prefix = "type.googleapis.com";
                return prefix + "/aioscomm.v1.CardsAnswer";
            };

            return CardsAnswer;
        })();

        return v1;
    })();

    return aioscomm;
})();

export {
  $root as default
};
