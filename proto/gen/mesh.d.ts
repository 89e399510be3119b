import * as $protobuf from "protobufjs";
import Long = require("long");

/** Namespace aioscomm. */
export namespace aioscomm {

    /** Namespace v1. */
    namespace v1 {

        /**
         * Properties of a SignedEnvelope.
         * @deprecated Use aioscomm.v1.SignedEnvelope.$Properties instead.
         */
        interface ISignedEnvelope extends aioscomm.v1.SignedEnvelope.$Properties {
        }

        /** Represents a SignedEnvelope. */
        class SignedEnvelope {

            /**
             * Constructs a new SignedEnvelope.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.SignedEnvelope.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** SignedEnvelope payloadType. */
            payloadType: string;

            /** SignedEnvelope payload. */
            payload: Uint8Array;

            /** SignedEnvelope signer. */
            signer: Uint8Array;

            /** SignedEnvelope signature. */
            signature?: (Uint8Array|null);

            /** SignedEnvelope batch. */
            batch?: (aioscomm.v1.BatchProof.$Properties|null);

            /** SignedEnvelope proof. */
            proof?: ("signature"|"batch");

            /**
             * Encodes the specified SignedEnvelope message. Does not implicitly {@link aioscomm.v1.SignedEnvelope.verify|verify} messages.
             * @param message SignedEnvelope message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.SignedEnvelope.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a SignedEnvelope message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.SignedEnvelope & aioscomm.v1.SignedEnvelope.$Shape} SignedEnvelope
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.SignedEnvelope & aioscomm.v1.SignedEnvelope.$Shape;

            /**
             * Gets the type url for SignedEnvelope
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace SignedEnvelope {

            /** Properties of a SignedEnvelope. */
            interface $Properties {

                /** SignedEnvelope payloadType */
                payloadType?: (string|null);

                /** SignedEnvelope payload */
                payload?: (Uint8Array|null);

                /** SignedEnvelope signer */
                signer?: (Uint8Array|null);

                /** SignedEnvelope signature */
                signature?: (Uint8Array|null);

                /** SignedEnvelope batch */
                batch?: (aioscomm.v1.BatchProof.$Properties|null);

                /** SignedEnvelope proof */
                proof?: ("signature"|"batch");

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Narrowed shape of a SignedEnvelope. */
            type $Shape = {
              payloadType?: string|null;
              payload?: Uint8Array|null;
              signer?: Uint8Array|null;
              signature?: Uint8Array|null;
              batch?: aioscomm.v1.BatchProof.$Shape|null;
              $unknowns?: Uint8Array[];
            } & (
              ({ proof?: undefined; signature?: null; batch?: null }|{ proof?: "signature"; signature: Uint8Array; batch?: null }|{ proof?: "batch"; signature?: null; batch: aioscomm.v1.BatchProof.$Shape })
            );
        }

        /**
         * Properties of a BatchProof.
         * @deprecated Use aioscomm.v1.BatchProof.$Properties instead.
         */
        interface IBatchProof extends aioscomm.v1.BatchProof.$Properties {
        }

        /** Represents a BatchProof. */
        class BatchProof {

            /**
             * Constructs a new BatchProof.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.BatchProof.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** BatchProof root. */
            root: Uint8Array;

            /** BatchProof index. */
            index: number;

            /** BatchProof count. */
            count: number;

            /** BatchProof path. */
            path: Uint8Array[];

            /** BatchProof signature. */
            signature: Uint8Array;

            /**
             * Encodes the specified BatchProof message. Does not implicitly {@link aioscomm.v1.BatchProof.verify|verify} messages.
             * @param message BatchProof message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.BatchProof.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a BatchProof message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.BatchProof & aioscomm.v1.BatchProof.$Shape} BatchProof
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.BatchProof & aioscomm.v1.BatchProof.$Shape;

            /**
             * Gets the type url for BatchProof
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace BatchProof {

            /** Properties of a BatchProof. */
            interface $Properties {

                /** BatchProof root */
                root?: (Uint8Array|null);

                /** BatchProof index */
                index?: (number|null);

                /** BatchProof count */
                count?: (number|null);

                /** BatchProof path */
                path?: (Uint8Array[]|null);

                /** BatchProof signature */
                signature?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a BatchProof. */
            type $Shape = aioscomm.v1.BatchProof.$Properties;
        }

        /**
         * Properties of an Attachment.
         * @deprecated Use aioscomm.v1.Attachment.$Properties instead.
         */
        interface IAttachment extends aioscomm.v1.Attachment.$Properties {
        }

        /** Represents an Attachment. */
        class Attachment {

            /**
             * Constructs a new Attachment.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.Attachment.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Attachment name. */
            name: string;

            /** Attachment contentType. */
            contentType: string;

            /** Attachment sha256. */
            sha256: Uint8Array;

            /** Attachment size. */
            size: number;

            /** Attachment inline. */
            inline: Uint8Array;

            /**
             * Encodes the specified Attachment message. Does not implicitly {@link aioscomm.v1.Attachment.verify|verify} messages.
             * @param message Attachment message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.Attachment.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an Attachment message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.Attachment & aioscomm.v1.Attachment.$Shape} Attachment
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.Attachment & aioscomm.v1.Attachment.$Shape;

            /**
             * Gets the type url for Attachment
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace Attachment {

            /** Properties of an Attachment. */
            interface $Properties {

                /** Attachment name */
                name?: (string|null);

                /** Attachment contentType */
                contentType?: (string|null);

                /** Attachment sha256 */
                sha256?: (Uint8Array|null);

                /** Attachment size */
                size?: (number|null);

                /** Attachment inline */
                inline?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of an Attachment. */
            type $Shape = aioscomm.v1.Attachment.$Properties;
        }

        /**
         * Properties of a Message.
         * @deprecated Use aioscomm.v1.Message.$Properties instead.
         */
        interface IMessage extends aioscomm.v1.Message.$Properties {
        }

        /** Represents a Message. */
        class Message {

            /**
             * Constructs a new Message.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.Message.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Message id. */
            id: Uint8Array;

            /** Message from. */
            from: string;

            /** Message to. */
            to: string;

            /** Message sentAtMs. */
            sentAtMs: number;

            /** Message thread. */
            thread: string;

            /** Message replyTo. */
            replyTo: Uint8Array;

            /** Message contentType. */
            contentType: string;

            /** Message body. */
            body: Uint8Array;

            /** Message require. */
            require: aioscomm.v1.ReceiptState;

            /** Message expiresAtMs. */
            expiresAtMs: number;

            /** Message attachments. */
            attachments: aioscomm.v1.Attachment.$Properties[];

            /** Message fromKey. */
            fromKey: Uint8Array;

            /** Message auditor. */
            auditor: string;

            /** Message traceparent. */
            traceparent: string;

            /**
             * Encodes the specified Message message. Does not implicitly {@link aioscomm.v1.Message.verify|verify} messages.
             * @param message Message message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.Message.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Message message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.Message & aioscomm.v1.Message.$Shape} Message
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.Message & aioscomm.v1.Message.$Shape;

            /**
             * Gets the type url for Message
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace Message {

            /** Properties of a Message. */
            interface $Properties {

                /** Message id */
                id?: (Uint8Array|null);

                /** Message from */
                from?: (string|null);

                /** Message to */
                to?: (string|null);

                /** Message sentAtMs */
                sentAtMs?: (number|null);

                /** Message thread */
                thread?: (string|null);

                /** Message replyTo */
                replyTo?: (Uint8Array|null);

                /** Message contentType */
                contentType?: (string|null);

                /** Message body */
                body?: (Uint8Array|null);

                /** Message require */
                require?: (aioscomm.v1.ReceiptState|null);

                /** Message expiresAtMs */
                expiresAtMs?: (number|null);

                /** Message attachments */
                attachments?: (aioscomm.v1.Attachment.$Properties[]|null);

                /** Message fromKey */
                fromKey?: (Uint8Array|null);

                /** Message auditor */
                auditor?: (string|null);

                /** Message traceparent */
                traceparent?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Message. */
            type $Shape = aioscomm.v1.Message.$Properties;
        }

        /** ReceiptState enum. */
        enum ReceiptState {

            /** RECEIPT_STATE_UNSPECIFIED value */
            RECEIPT_STATE_UNSPECIFIED = 0,

            /** DELIVERED value */
            DELIVERED = 1,

            /** READ value */
            READ = 2,

            /** CONSUMED value */
            CONSUMED = 3,

            /** COMPLETE value */
            COMPLETE = 4,

            /** REJECTED value */
            REJECTED = 5,

            /** CANCELED value */
            CANCELED = 6,

            /** AUDITED value */
            AUDITED = 7
        }

        /** AuditVerdict enum. */
        enum AuditVerdict {

            /** AUDIT_VERDICT_UNSPECIFIED value */
            AUDIT_VERDICT_UNSPECIFIED = 0,

            /** PASS value */
            PASS = 1,

            /** FAIL value */
            FAIL = 2
        }

        /**
         * Properties of an Evidence.
         * @deprecated Use aioscomm.v1.Evidence.$Properties instead.
         */
        interface IEvidence extends aioscomm.v1.Evidence.$Properties {
        }

        /** Represents an Evidence. */
        class Evidence {

            /**
             * Constructs a new Evidence.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.Evidence.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Evidence path. */
            path: string;

            /** Evidence sha256. */
            sha256: Uint8Array;

            /** Evidence size. */
            size: number;

            /**
             * Encodes the specified Evidence message. Does not implicitly {@link aioscomm.v1.Evidence.verify|verify} messages.
             * @param message Evidence message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.Evidence.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an Evidence message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.Evidence & aioscomm.v1.Evidence.$Shape} Evidence
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.Evidence & aioscomm.v1.Evidence.$Shape;

            /**
             * Gets the type url for Evidence
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace Evidence {

            /** Properties of an Evidence. */
            interface $Properties {

                /** Evidence path */
                path?: (string|null);

                /** Evidence sha256 */
                sha256?: (Uint8Array|null);

                /** Evidence size */
                size?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of an Evidence. */
            type $Shape = aioscomm.v1.Evidence.$Properties;
        }

        /**
         * Properties of a Receipt.
         * @deprecated Use aioscomm.v1.Receipt.$Properties instead.
         */
        interface IReceipt extends aioscomm.v1.Receipt.$Properties {
        }

        /** Represents a Receipt. */
        class Receipt {

            /**
             * Constructs a new Receipt.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.Receipt.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Receipt messageId. */
            messageId: Uint8Array;

            /** Receipt messageHash. */
            messageHash: Uint8Array;

            /** Receipt actor. */
            actor: string;

            /** Receipt state. */
            state: aioscomm.v1.ReceiptState;

            /** Receipt atMs. */
            atMs: number;

            /** Receipt note. */
            note: string;

            /** Receipt evidence. */
            evidence?: (aioscomm.v1.Evidence.$Properties|null);

            /** Receipt code. */
            code: string;

            /** Receipt from. */
            from: string;

            /** Receipt header. */
            header: Uint8Array;

            /** Receipt fence. */
            fence: number;

            /** Receipt lease. */
            lease: Uint8Array;

            /** Receipt round. */
            round: number;

            /** Receipt verdict. */
            verdict: aioscomm.v1.AuditVerdict;

            /** Receipt audited. */
            audited: Uint8Array;

            /**
             * Encodes the specified Receipt message. Does not implicitly {@link aioscomm.v1.Receipt.verify|verify} messages.
             * @param message Receipt message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.Receipt.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Receipt message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.Receipt & aioscomm.v1.Receipt.$Shape} Receipt
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.Receipt & aioscomm.v1.Receipt.$Shape;

            /**
             * Gets the type url for Receipt
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace Receipt {

            /** Properties of a Receipt. */
            interface $Properties {

                /** Receipt messageId */
                messageId?: (Uint8Array|null);

                /** Receipt messageHash */
                messageHash?: (Uint8Array|null);

                /** Receipt actor */
                actor?: (string|null);

                /** Receipt state */
                state?: (aioscomm.v1.ReceiptState|null);

                /** Receipt atMs */
                atMs?: (number|null);

                /** Receipt note */
                note?: (string|null);

                /** Receipt evidence */
                evidence?: (aioscomm.v1.Evidence.$Properties|null);

                /** Receipt code */
                code?: (string|null);

                /** Receipt from */
                from?: (string|null);

                /** Receipt header */
                header?: (Uint8Array|null);

                /** Receipt fence */
                fence?: (number|null);

                /** Receipt lease */
                lease?: (Uint8Array|null);

                /** Receipt round */
                round?: (number|null);

                /** Receipt verdict */
                verdict?: (aioscomm.v1.AuditVerdict|null);

                /** Receipt audited */
                audited?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Receipt. */
            type $Shape = aioscomm.v1.Receipt.$Properties;
        }

        /**
         * Properties of a MessageHeader.
         * @deprecated Use aioscomm.v1.MessageHeader.$Properties instead.
         */
        interface IMessageHeader extends aioscomm.v1.MessageHeader.$Properties {
        }

        /** Represents a MessageHeader. */
        class MessageHeader {

            /**
             * Constructs a new MessageHeader.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.MessageHeader.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** MessageHeader messageId. */
            messageId: Uint8Array;

            /** MessageHeader from. */
            from: string;

            /** MessageHeader to. */
            to: string;

            /** MessageHeader payloadSha256. */
            payloadSha256: Uint8Array;

            /** MessageHeader sentAtMs. */
            sentAtMs: number;

            /** MessageHeader fromKey. */
            fromKey: Uint8Array;

            /** MessageHeader nonce. */
            nonce: Uint8Array;

            /** MessageHeader auditor. */
            auditor: string;

            /**
             * Encodes the specified MessageHeader message. Does not implicitly {@link aioscomm.v1.MessageHeader.verify|verify} messages.
             * @param message MessageHeader message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.MessageHeader.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a MessageHeader message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.MessageHeader & aioscomm.v1.MessageHeader.$Shape} MessageHeader
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.MessageHeader & aioscomm.v1.MessageHeader.$Shape;

            /**
             * Gets the type url for MessageHeader
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace MessageHeader {

            /** Properties of a MessageHeader. */
            interface $Properties {

                /** MessageHeader messageId */
                messageId?: (Uint8Array|null);

                /** MessageHeader from */
                from?: (string|null);

                /** MessageHeader to */
                to?: (string|null);

                /** MessageHeader payloadSha256 */
                payloadSha256?: (Uint8Array|null);

                /** MessageHeader sentAtMs */
                sentAtMs?: (number|null);

                /** MessageHeader fromKey */
                fromKey?: (Uint8Array|null);

                /** MessageHeader nonce */
                nonce?: (Uint8Array|null);

                /** MessageHeader auditor */
                auditor?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a MessageHeader. */
            type $Shape = aioscomm.v1.MessageHeader.$Properties;
        }

        /**
         * Properties of an Endorsement.
         * @deprecated Use aioscomm.v1.Endorsement.$Properties instead.
         */
        interface IEndorsement extends aioscomm.v1.Endorsement.$Properties {
        }

        /** Represents an Endorsement. */
        class Endorsement {

            /**
             * Constructs a new Endorsement.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.Endorsement.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Endorsement meshKey. */
            meshKey: Uint8Array;

            /** Endorsement handle. */
            handle: string;

            /** Endorsement actorKey. */
            actorKey: Uint8Array;

            /** Endorsement issuedAtMs. */
            issuedAtMs: number;

            /** Endorsement expiresAtMs. */
            expiresAtMs: number;

            /**
             * Encodes the specified Endorsement message. Does not implicitly {@link aioscomm.v1.Endorsement.verify|verify} messages.
             * @param message Endorsement message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.Endorsement.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an Endorsement message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.Endorsement & aioscomm.v1.Endorsement.$Shape} Endorsement
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.Endorsement & aioscomm.v1.Endorsement.$Shape;

            /**
             * Gets the type url for Endorsement
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace Endorsement {

            /** Properties of an Endorsement. */
            interface $Properties {

                /** Endorsement meshKey */
                meshKey?: (Uint8Array|null);

                /** Endorsement handle */
                handle?: (string|null);

                /** Endorsement actorKey */
                actorKey?: (Uint8Array|null);

                /** Endorsement issuedAtMs */
                issuedAtMs?: (number|null);

                /** Endorsement expiresAtMs */
                expiresAtMs?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of an Endorsement. */
            type $Shape = aioscomm.v1.Endorsement.$Properties;
        }

        /**
         * Properties of a Revocation.
         * @deprecated Use aioscomm.v1.Revocation.$Properties instead.
         */
        interface IRevocation extends aioscomm.v1.Revocation.$Properties {
        }

        /** Represents a Revocation. */
        class Revocation {

            /**
             * Constructs a new Revocation.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.Revocation.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Revocation meshKey. */
            meshKey: Uint8Array;

            /** Revocation actorKey. */
            actorKey: Uint8Array;

            /** Revocation handle. */
            handle: string;

            /** Revocation atMs. */
            atMs: number;

            /** Revocation reason. */
            reason: string;

            /**
             * Encodes the specified Revocation message. Does not implicitly {@link aioscomm.v1.Revocation.verify|verify} messages.
             * @param message Revocation message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.Revocation.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Revocation message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.Revocation & aioscomm.v1.Revocation.$Shape} Revocation
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.Revocation & aioscomm.v1.Revocation.$Shape;

            /**
             * Gets the type url for Revocation
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace Revocation {

            /** Properties of a Revocation. */
            interface $Properties {

                /** Revocation meshKey */
                meshKey?: (Uint8Array|null);

                /** Revocation actorKey */
                actorKey?: (Uint8Array|null);

                /** Revocation handle */
                handle?: (string|null);

                /** Revocation atMs */
                atMs?: (number|null);

                /** Revocation reason */
                reason?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Revocation. */
            type $Shape = aioscomm.v1.Revocation.$Properties;
        }

        /**
         * Properties of an AdmissionRequest.
         * @deprecated Use aioscomm.v1.AdmissionRequest.$Properties instead.
         */
        interface IAdmissionRequest extends aioscomm.v1.AdmissionRequest.$Properties {
        }

        /** Represents an AdmissionRequest. */
        class AdmissionRequest {

            /**
             * Constructs a new AdmissionRequest.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.AdmissionRequest.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** AdmissionRequest meshKey. */
            meshKey: Uint8Array;

            /** AdmissionRequest handle. */
            handle: string;

            /** AdmissionRequest actorKey. */
            actorKey: Uint8Array;

            /** AdmissionRequest createdAtMs. */
            createdAtMs: number;

            /**
             * Encodes the specified AdmissionRequest message. Does not implicitly {@link aioscomm.v1.AdmissionRequest.verify|verify} messages.
             * @param message AdmissionRequest message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.AdmissionRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an AdmissionRequest message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.AdmissionRequest & aioscomm.v1.AdmissionRequest.$Shape} AdmissionRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.AdmissionRequest & aioscomm.v1.AdmissionRequest.$Shape;

            /**
             * Gets the type url for AdmissionRequest
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace AdmissionRequest {

            /** Properties of an AdmissionRequest. */
            interface $Properties {

                /** AdmissionRequest meshKey */
                meshKey?: (Uint8Array|null);

                /** AdmissionRequest handle */
                handle?: (string|null);

                /** AdmissionRequest actorKey */
                actorKey?: (Uint8Array|null);

                /** AdmissionRequest createdAtMs */
                createdAtMs?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of an AdmissionRequest. */
            type $Shape = aioscomm.v1.AdmissionRequest.$Properties;
        }

        /**
         * Properties of a CardFact.
         * @deprecated Use aioscomm.v1.CardFact.$Properties instead.
         */
        interface ICardFact extends aioscomm.v1.CardFact.$Properties {
        }

        /** Represents a CardFact. */
        class CardFact {

            /**
             * Constructs a new CardFact.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.CardFact.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** CardFact json. */
            json: Uint8Array;

            /**
             * Encodes the specified CardFact message. Does not implicitly {@link aioscomm.v1.CardFact.verify|verify} messages.
             * @param message CardFact message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.CardFact.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a CardFact message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.CardFact & aioscomm.v1.CardFact.$Shape} CardFact
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.CardFact & aioscomm.v1.CardFact.$Shape;

            /**
             * Gets the type url for CardFact
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace CardFact {

            /** Properties of a CardFact. */
            interface $Properties {

                /** CardFact json */
                json?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a CardFact. */
            type $Shape = aioscomm.v1.CardFact.$Properties;
        }

        /**
         * Properties of a DeliverRequest.
         * @deprecated Use aioscomm.v1.DeliverRequest.$Properties instead.
         */
        interface IDeliverRequest extends aioscomm.v1.DeliverRequest.$Properties {
        }

        /** Represents a DeliverRequest. */
        class DeliverRequest {

            /**
             * Constructs a new DeliverRequest.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.DeliverRequest.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** DeliverRequest batchId. */
            batchId: number;

            /** DeliverRequest messages. */
            messages: Uint8Array[];

            /** DeliverRequest receipts. */
            receipts: Uint8Array[];

            /** DeliverRequest cards. */
            cards: Uint8Array[];

            /** DeliverRequest handoffs. */
            handoffs: aioscomm.v1.Handoff.$Properties[];

            /** DeliverRequest headers. */
            headers: Uint8Array[];

            /** DeliverRequest evidence. */
            evidence: aioscomm.v1.EvidenceContent.$Properties[];

            /** DeliverRequest audits. */
            audits: aioscomm.v1.Handoff.$Properties[];

            /**
             * Encodes the specified DeliverRequest message. Does not implicitly {@link aioscomm.v1.DeliverRequest.verify|verify} messages.
             * @param message DeliverRequest message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.DeliverRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a DeliverRequest message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.DeliverRequest & aioscomm.v1.DeliverRequest.$Shape} DeliverRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.DeliverRequest & aioscomm.v1.DeliverRequest.$Shape;

            /**
             * Gets the type url for DeliverRequest
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace DeliverRequest {

            /** Properties of a DeliverRequest. */
            interface $Properties {

                /** DeliverRequest batchId */
                batchId?: (number|null);

                /** DeliverRequest messages */
                messages?: (Uint8Array[]|null);

                /** DeliverRequest receipts */
                receipts?: (Uint8Array[]|null);

                /** DeliverRequest cards */
                cards?: (Uint8Array[]|null);

                /** DeliverRequest handoffs */
                handoffs?: (aioscomm.v1.Handoff.$Properties[]|null);

                /** DeliverRequest headers */
                headers?: (Uint8Array[]|null);

                /** DeliverRequest evidence */
                evidence?: (aioscomm.v1.EvidenceContent.$Properties[]|null);

                /** DeliverRequest audits */
                audits?: (aioscomm.v1.Handoff.$Properties[]|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a DeliverRequest. */
            type $Shape = aioscomm.v1.DeliverRequest.$Properties;
        }

        /**
         * Properties of an EvidenceContent.
         * @deprecated Use aioscomm.v1.EvidenceContent.$Properties instead.
         */
        interface IEvidenceContent extends aioscomm.v1.EvidenceContent.$Properties {
        }

        /** Represents an EvidenceContent. */
        class EvidenceContent {

            /**
             * Constructs a new EvidenceContent.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.EvidenceContent.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** EvidenceContent receiptHash. */
            receiptHash: Uint8Array;

            /** EvidenceContent content. */
            content: Uint8Array;

            /**
             * Encodes the specified EvidenceContent message. Does not implicitly {@link aioscomm.v1.EvidenceContent.verify|verify} messages.
             * @param message EvidenceContent message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.EvidenceContent.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes an EvidenceContent message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.EvidenceContent & aioscomm.v1.EvidenceContent.$Shape} EvidenceContent
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.EvidenceContent & aioscomm.v1.EvidenceContent.$Shape;

            /**
             * Gets the type url for EvidenceContent
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace EvidenceContent {

            /** Properties of an EvidenceContent. */
            interface $Properties {

                /** EvidenceContent receiptHash */
                receiptHash?: (Uint8Array|null);

                /** EvidenceContent content */
                content?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of an EvidenceContent. */
            type $Shape = aioscomm.v1.EvidenceContent.$Properties;
        }

        /**
         * Properties of a Handoff.
         * @deprecated Use aioscomm.v1.Handoff.$Properties instead.
         */
        interface IHandoff extends aioscomm.v1.Handoff.$Properties {
        }

        /** Represents a Handoff. */
        class Handoff {

            /**
             * Constructs a new Handoff.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.Handoff.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Handoff message. */
            message: Uint8Array;

            /** Handoff receipts. */
            receipts: Uint8Array[];

            /** Handoff header. */
            header: Uint8Array;

            /**
             * Encodes the specified Handoff message. Does not implicitly {@link aioscomm.v1.Handoff.verify|verify} messages.
             * @param message Handoff message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.Handoff.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Handoff message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.Handoff & aioscomm.v1.Handoff.$Shape} Handoff
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.Handoff & aioscomm.v1.Handoff.$Shape;

            /**
             * Gets the type url for Handoff
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace Handoff {

            /** Properties of a Handoff. */
            interface $Properties {

                /** Handoff message */
                message?: (Uint8Array|null);

                /** Handoff receipts */
                receipts?: (Uint8Array[]|null);

                /** Handoff header */
                header?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Handoff. */
            type $Shape = aioscomm.v1.Handoff.$Properties;
        }

        /**
         * Properties of a DeliverResult.
         * @deprecated Use aioscomm.v1.DeliverResult.$Properties instead.
         */
        interface IDeliverResult extends aioscomm.v1.DeliverResult.$Properties {
        }

        /** Represents a DeliverResult. */
        class DeliverResult {

            /**
             * Constructs a new DeliverResult.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.DeliverResult.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** DeliverResult messageId. */
            messageId: Uint8Array;

            /** DeliverResult receipt. */
            receipt: Uint8Array;

            /** DeliverResult errorCode. */
            errorCode: string;

            /** DeliverResult errorMessage. */
            errorMessage: string;

            /**
             * Encodes the specified DeliverResult message. Does not implicitly {@link aioscomm.v1.DeliverResult.verify|verify} messages.
             * @param message DeliverResult message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.DeliverResult.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a DeliverResult message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.DeliverResult & aioscomm.v1.DeliverResult.$Shape} DeliverResult
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.DeliverResult & aioscomm.v1.DeliverResult.$Shape;

            /**
             * Gets the type url for DeliverResult
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace DeliverResult {

            /** Properties of a DeliverResult. */
            interface $Properties {

                /** DeliverResult messageId */
                messageId?: (Uint8Array|null);

                /** DeliverResult receipt */
                receipt?: (Uint8Array|null);

                /** DeliverResult errorCode */
                errorCode?: (string|null);

                /** DeliverResult errorMessage */
                errorMessage?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a DeliverResult. */
            type $Shape = aioscomm.v1.DeliverResult.$Properties;
        }

        /**
         * Properties of a ReceiptResult.
         * @deprecated Use aioscomm.v1.ReceiptResult.$Properties instead.
         */
        interface IReceiptResult extends aioscomm.v1.ReceiptResult.$Properties {
        }

        /** Represents a ReceiptResult. */
        class ReceiptResult {

            /**
             * Constructs a new ReceiptResult.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.ReceiptResult.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** ReceiptResult receiptHash. */
            receiptHash: Uint8Array;

            /** ReceiptResult errorCode. */
            errorCode: string;

            /** ReceiptResult errorMessage. */
            errorMessage: string;

            /**
             * Encodes the specified ReceiptResult message. Does not implicitly {@link aioscomm.v1.ReceiptResult.verify|verify} messages.
             * @param message ReceiptResult message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.ReceiptResult.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a ReceiptResult message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.ReceiptResult & aioscomm.v1.ReceiptResult.$Shape} ReceiptResult
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.ReceiptResult & aioscomm.v1.ReceiptResult.$Shape;

            /**
             * Gets the type url for ReceiptResult
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace ReceiptResult {

            /** Properties of a ReceiptResult. */
            interface $Properties {

                /** ReceiptResult receiptHash */
                receiptHash?: (Uint8Array|null);

                /** ReceiptResult errorCode */
                errorCode?: (string|null);

                /** ReceiptResult errorMessage */
                errorMessage?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a ReceiptResult. */
            type $Shape = aioscomm.v1.ReceiptResult.$Properties;
        }

        /**
         * Properties of a DeliverResponse.
         * @deprecated Use aioscomm.v1.DeliverResponse.$Properties instead.
         */
        interface IDeliverResponse extends aioscomm.v1.DeliverResponse.$Properties {
        }

        /** Represents a DeliverResponse. */
        class DeliverResponse {

            /**
             * Constructs a new DeliverResponse.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.DeliverResponse.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** DeliverResponse batchId. */
            batchId: number;

            /** DeliverResponse results. */
            results: aioscomm.v1.DeliverResult.$Properties[];

            /** DeliverResponse receiptResults. */
            receiptResults: aioscomm.v1.ReceiptResult.$Properties[];

            /** DeliverResponse error. */
            error?: (aioscomm.v1.StreamError.$Properties|null);

            /** DeliverResponse handoffResults. */
            handoffResults: aioscomm.v1.DeliverResult.$Properties[];

            /** DeliverResponse auditResults. */
            auditResults: aioscomm.v1.DeliverResult.$Properties[];

            /**
             * Encodes the specified DeliverResponse message. Does not implicitly {@link aioscomm.v1.DeliverResponse.verify|verify} messages.
             * @param message DeliverResponse message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.DeliverResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a DeliverResponse message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.DeliverResponse & aioscomm.v1.DeliverResponse.$Shape} DeliverResponse
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.DeliverResponse & aioscomm.v1.DeliverResponse.$Shape;

            /**
             * Gets the type url for DeliverResponse
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace DeliverResponse {

            /** Properties of a DeliverResponse. */
            interface $Properties {

                /** DeliverResponse batchId */
                batchId?: (number|null);

                /** DeliverResponse results */
                results?: (aioscomm.v1.DeliverResult.$Properties[]|null);

                /** DeliverResponse receiptResults */
                receiptResults?: (aioscomm.v1.ReceiptResult.$Properties[]|null);

                /** DeliverResponse error */
                error?: (aioscomm.v1.StreamError.$Properties|null);

                /** DeliverResponse handoffResults */
                handoffResults?: (aioscomm.v1.DeliverResult.$Properties[]|null);

                /** DeliverResponse auditResults */
                auditResults?: (aioscomm.v1.DeliverResult.$Properties[]|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a DeliverResponse. */
            type $Shape = aioscomm.v1.DeliverResponse.$Properties;
        }

        /**
         * Properties of a Fact.
         * @deprecated Use aioscomm.v1.Fact.$Properties instead.
         */
        interface IFact extends aioscomm.v1.Fact.$Properties {
        }

        /** Represents a Fact. */
        class Fact {

            /**
             * Constructs a new Fact.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.Fact.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Fact seq. */
            seq: number;

            /** Fact kind. */
            kind: string;

            /** Fact envelope. */
            envelope: Uint8Array;

            /**
             * Encodes the specified Fact message. Does not implicitly {@link aioscomm.v1.Fact.verify|verify} messages.
             * @param message Fact message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.Fact.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Fact message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.Fact & aioscomm.v1.Fact.$Shape} Fact
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.Fact & aioscomm.v1.Fact.$Shape;

            /**
             * Gets the type url for Fact
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace Fact {

            /** Properties of a Fact. */
            interface $Properties {

                /** Fact seq */
                seq?: (number|null);

                /** Fact kind */
                kind?: (string|null);

                /** Fact envelope */
                envelope?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Fact. */
            type $Shape = aioscomm.v1.Fact.$Properties;
        }

        /**
         * Properties of a SyncRequest.
         * @deprecated Use aioscomm.v1.SyncRequest.$Properties instead.
         */
        interface ISyncRequest extends aioscomm.v1.SyncRequest.$Properties {
        }

        /** Represents a SyncRequest. */
        class SyncRequest {

            /**
             * Constructs a new SyncRequest.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.SyncRequest.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** SyncRequest since. */
            since: number;

            /** SyncRequest limit. */
            limit: number;

            /** SyncRequest tail. */
            tail: boolean;

            /** SyncRequest window. */
            window: number;

            /**
             * Encodes the specified SyncRequest message. Does not implicitly {@link aioscomm.v1.SyncRequest.verify|verify} messages.
             * @param message SyncRequest message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.SyncRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a SyncRequest message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.SyncRequest & aioscomm.v1.SyncRequest.$Shape} SyncRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.SyncRequest & aioscomm.v1.SyncRequest.$Shape;

            /**
             * Gets the type url for SyncRequest
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace SyncRequest {

            /** Properties of a SyncRequest. */
            interface $Properties {

                /** SyncRequest since */
                since?: (number|null);

                /** SyncRequest limit */
                limit?: (number|null);

                /** SyncRequest tail */
                tail?: (boolean|null);

                /** SyncRequest window */
                window?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a SyncRequest. */
            type $Shape = aioscomm.v1.SyncRequest.$Properties;
        }

        /**
         * Properties of a SyncAck.
         * @deprecated Use aioscomm.v1.SyncAck.$Properties instead.
         */
        interface ISyncAck extends aioscomm.v1.SyncAck.$Properties {
        }

        /** Represents a SyncAck. */
        class SyncAck {

            /**
             * Constructs a new SyncAck.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.SyncAck.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** SyncAck pages. */
            pages: number;

            /**
             * Encodes the specified SyncAck message. Does not implicitly {@link aioscomm.v1.SyncAck.verify|verify} messages.
             * @param message SyncAck message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.SyncAck.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a SyncAck message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.SyncAck & aioscomm.v1.SyncAck.$Shape} SyncAck
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.SyncAck & aioscomm.v1.SyncAck.$Shape;

            /**
             * Gets the type url for SyncAck
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace SyncAck {

            /** Properties of a SyncAck. */
            interface $Properties {

                /** SyncAck pages */
                pages?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a SyncAck. */
            type $Shape = aioscomm.v1.SyncAck.$Properties;
        }

        /**
         * Properties of a FactBatch.
         * @deprecated Use aioscomm.v1.FactBatch.$Properties instead.
         */
        interface IFactBatch extends aioscomm.v1.FactBatch.$Properties {
        }

        /** Represents a FactBatch. */
        class FactBatch {

            /**
             * Constructs a new FactBatch.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.FactBatch.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** FactBatch facts. */
            facts: aioscomm.v1.Fact.$Properties[];

            /**
             * Encodes the specified FactBatch message. Does not implicitly {@link aioscomm.v1.FactBatch.verify|verify} messages.
             * @param message FactBatch message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.FactBatch.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a FactBatch message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.FactBatch & aioscomm.v1.FactBatch.$Shape} FactBatch
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.FactBatch & aioscomm.v1.FactBatch.$Shape;

            /**
             * Gets the type url for FactBatch
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace FactBatch {

            /** Properties of a FactBatch. */
            interface $Properties {

                /** FactBatch facts */
                facts?: (aioscomm.v1.Fact.$Properties[]|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a FactBatch. */
            type $Shape = aioscomm.v1.FactBatch.$Properties;
        }

        /**
         * Properties of a SyncPage.
         * @deprecated Use aioscomm.v1.SyncPage.$Properties instead.
         */
        interface ISyncPage extends aioscomm.v1.SyncPage.$Properties {
        }

        /** Represents a SyncPage. */
        class SyncPage {

            /**
             * Constructs a new SyncPage.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.SyncPage.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** SyncPage facts. */
            facts: aioscomm.v1.Fact.$Properties[];

            /** SyncPage head. */
            head: number;

            /** SyncPage done. */
            done: boolean;

            /** SyncPage window. */
            window: number;

            /**
             * Encodes the specified SyncPage message. Does not implicitly {@link aioscomm.v1.SyncPage.verify|verify} messages.
             * @param message SyncPage message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.SyncPage.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a SyncPage message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.SyncPage & aioscomm.v1.SyncPage.$Shape} SyncPage
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.SyncPage & aioscomm.v1.SyncPage.$Shape;

            /**
             * Gets the type url for SyncPage
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace SyncPage {

            /** Properties of a SyncPage. */
            interface $Properties {

                /** SyncPage facts */
                facts?: (aioscomm.v1.Fact.$Properties[]|null);

                /** SyncPage head */
                head?: (number|null);

                /** SyncPage done */
                done?: (boolean|null);

                /** SyncPage window */
                window?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a SyncPage. */
            type $Shape = aioscomm.v1.SyncPage.$Properties;
        }

        /**
         * Properties of a StreamError.
         * @deprecated Use aioscomm.v1.StreamError.$Properties instead.
         */
        interface IStreamError extends aioscomm.v1.StreamError.$Properties {
        }

        /** Represents a StreamError. */
        class StreamError {

            /**
             * Constructs a new StreamError.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.StreamError.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** StreamError code. */
            code: string;

            /** StreamError message. */
            message: string;

            /**
             * Encodes the specified StreamError message. Does not implicitly {@link aioscomm.v1.StreamError.verify|verify} messages.
             * @param message StreamError message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.StreamError.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a StreamError message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.StreamError & aioscomm.v1.StreamError.$Shape} StreamError
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.StreamError & aioscomm.v1.StreamError.$Shape;

            /**
             * Gets the type url for StreamError
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace StreamError {

            /** Properties of a StreamError. */
            interface $Properties {

                /** StreamError code */
                code?: (string|null);

                /** StreamError message */
                message?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a StreamError. */
            type $Shape = aioscomm.v1.StreamError.$Properties;
        }

        /**
         * Properties of a JoinRequest.
         * @deprecated Use aioscomm.v1.JoinRequest.$Properties instead.
         */
        interface IJoinRequest extends aioscomm.v1.JoinRequest.$Properties {
        }

        /** Represents a JoinRequest. */
        class JoinRequest {

            /**
             * Constructs a new JoinRequest.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.JoinRequest.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** JoinRequest secret. */
            secret: Uint8Array;

            /** JoinRequest requests. */
            requests: Uint8Array[];

            /** JoinRequest cards. */
            cards: Uint8Array[];

            /**
             * Encodes the specified JoinRequest message. Does not implicitly {@link aioscomm.v1.JoinRequest.verify|verify} messages.
             * @param message JoinRequest message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.JoinRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a JoinRequest message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.JoinRequest & aioscomm.v1.JoinRequest.$Shape} JoinRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.JoinRequest & aioscomm.v1.JoinRequest.$Shape;

            /**
             * Gets the type url for JoinRequest
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace JoinRequest {

            /** Properties of a JoinRequest. */
            interface $Properties {

                /** JoinRequest secret */
                secret?: (Uint8Array|null);

                /** JoinRequest requests */
                requests?: (Uint8Array[]|null);

                /** JoinRequest cards */
                cards?: (Uint8Array[]|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a JoinRequest. */
            type $Shape = aioscomm.v1.JoinRequest.$Properties;
        }

        /**
         * Properties of a JoinResponse.
         * @deprecated Use aioscomm.v1.JoinResponse.$Properties instead.
         */
        interface IJoinResponse extends aioscomm.v1.JoinResponse.$Properties {
        }

        /** Represents a JoinResponse. */
        class JoinResponse {

            /**
             * Constructs a new JoinResponse.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.JoinResponse.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** JoinResponse endorsements. */
            endorsements: Uint8Array[];

            /** JoinResponse cards. */
            cards: Uint8Array[];

            /** JoinResponse bootstrap. */
            bootstrap: string[];

            /** JoinResponse errorCode. */
            errorCode: string;

            /** JoinResponse errorMessage. */
            errorMessage: string;

            /**
             * Encodes the specified JoinResponse message. Does not implicitly {@link aioscomm.v1.JoinResponse.verify|verify} messages.
             * @param message JoinResponse message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.JoinResponse.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a JoinResponse message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.JoinResponse & aioscomm.v1.JoinResponse.$Shape} JoinResponse
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.JoinResponse & aioscomm.v1.JoinResponse.$Shape;

            /**
             * Gets the type url for JoinResponse
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace JoinResponse {

            /** Properties of a JoinResponse. */
            interface $Properties {

                /** JoinResponse endorsements */
                endorsements?: (Uint8Array[]|null);

                /** JoinResponse cards */
                cards?: (Uint8Array[]|null);

                /** JoinResponse bootstrap */
                bootstrap?: (string[]|null);

                /** JoinResponse errorCode */
                errorCode?: (string|null);

                /** JoinResponse errorMessage */
                errorMessage?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a JoinResponse. */
            type $Shape = aioscomm.v1.JoinResponse.$Properties;
        }

        /** LeaseKind enum. */
        enum LeaseKind {

            /** LEASE_KIND_UNSPECIFIED value */
            LEASE_KIND_UNSPECIFIED = 0,

            /** GRANTED value */
            GRANTED = 1,

            /** RELEASED value */
            RELEASED = 2
        }

        /**
         * Properties of a Lease.
         * @deprecated Use aioscomm.v1.Lease.$Properties instead.
         */
        interface ILease extends aioscomm.v1.Lease.$Properties {
        }

        /** Represents a Lease. */
        class Lease {

            /**
             * Constructs a new Lease.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.Lease.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** Lease messageId. */
            messageId: Uint8Array;

            /** Lease messageHash. */
            messageHash: Uint8Array;

            /** Lease role. */
            role: string;

            /** Lease holder. */
            holder: string;

            /** Lease holderKey. */
            holderKey: Uint8Array;

            /** Lease fence. */
            fence: number;

            /** Lease kind. */
            kind: aioscomm.v1.LeaseKind;

            /** Lease atMs. */
            atMs: number;

            /** Lease expiresAtMs. */
            expiresAtMs: number;

            /** Lease header. */
            header: Uint8Array;

            /**
             * Encodes the specified Lease message. Does not implicitly {@link aioscomm.v1.Lease.verify|verify} messages.
             * @param message Lease message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.Lease.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a Lease message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.Lease & aioscomm.v1.Lease.$Shape} Lease
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.Lease & aioscomm.v1.Lease.$Shape;

            /**
             * Gets the type url for Lease
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace Lease {

            /** Properties of a Lease. */
            interface $Properties {

                /** Lease messageId */
                messageId?: (Uint8Array|null);

                /** Lease messageHash */
                messageHash?: (Uint8Array|null);

                /** Lease role */
                role?: (string|null);

                /** Lease holder */
                holder?: (string|null);

                /** Lease holderKey */
                holderKey?: (Uint8Array|null);

                /** Lease fence */
                fence?: (number|null);

                /** Lease kind */
                kind?: (aioscomm.v1.LeaseKind|null);

                /** Lease atMs */
                atMs?: (number|null);

                /** Lease expiresAtMs */
                expiresAtMs?: (number|null);

                /** Lease header */
                header?: (Uint8Array|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a Lease. */
            type $Shape = aioscomm.v1.Lease.$Properties;
        }

        /** LeaseOp enum. */
        enum LeaseOp {

            /** LEASE_OP_UNSPECIFIED value */
            LEASE_OP_UNSPECIFIED = 0,

            /** CLAIM value */
            CLAIM = 1,

            /** RENEW value */
            RENEW = 2,

            /** RELEASE value */
            RELEASE = 3
        }

        /**
         * Properties of a LeaseRequest.
         * @deprecated Use aioscomm.v1.LeaseRequest.$Properties instead.
         */
        interface ILeaseRequest extends aioscomm.v1.LeaseRequest.$Properties {
        }

        /** Represents a LeaseRequest. */
        class LeaseRequest {

            /**
             * Constructs a new LeaseRequest.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.LeaseRequest.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** LeaseRequest op. */
            op: aioscomm.v1.LeaseOp;

            /** LeaseRequest messageId. */
            messageId: Uint8Array;

            /** LeaseRequest seat. */
            seat: string;

            /** LeaseRequest durationMs. */
            durationMs: number;

            /** LeaseRequest fence. */
            fence: number;

            /** LeaseRequest atMs. */
            atMs: number;

            /**
             * Encodes the specified LeaseRequest message. Does not implicitly {@link aioscomm.v1.LeaseRequest.verify|verify} messages.
             * @param message LeaseRequest message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.LeaseRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a LeaseRequest message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.LeaseRequest & aioscomm.v1.LeaseRequest.$Shape} LeaseRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.LeaseRequest & aioscomm.v1.LeaseRequest.$Shape;

            /**
             * Gets the type url for LeaseRequest
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace LeaseRequest {

            /** Properties of a LeaseRequest. */
            interface $Properties {

                /** LeaseRequest op */
                op?: (aioscomm.v1.LeaseOp|null);

                /** LeaseRequest messageId */
                messageId?: (Uint8Array|null);

                /** LeaseRequest seat */
                seat?: (string|null);

                /** LeaseRequest durationMs */
                durationMs?: (number|null);

                /** LeaseRequest fence */
                fence?: (number|null);

                /** LeaseRequest atMs */
                atMs?: (number|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a LeaseRequest. */
            type $Shape = aioscomm.v1.LeaseRequest.$Properties;
        }

        /**
         * Properties of a LeaseAnswer.
         * @deprecated Use aioscomm.v1.LeaseAnswer.$Properties instead.
         */
        interface ILeaseAnswer extends aioscomm.v1.LeaseAnswer.$Properties {
        }

        /** Represents a LeaseAnswer. */
        class LeaseAnswer {

            /**
             * Constructs a new LeaseAnswer.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.LeaseAnswer.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** LeaseAnswer lease. */
            lease: Uint8Array;

            /** LeaseAnswer errorCode. */
            errorCode: string;

            /** LeaseAnswer errorMessage. */
            errorMessage: string;

            /**
             * Encodes the specified LeaseAnswer message. Does not implicitly {@link aioscomm.v1.LeaseAnswer.verify|verify} messages.
             * @param message LeaseAnswer message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.LeaseAnswer.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a LeaseAnswer message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.LeaseAnswer & aioscomm.v1.LeaseAnswer.$Shape} LeaseAnswer
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.LeaseAnswer & aioscomm.v1.LeaseAnswer.$Shape;

            /**
             * Gets the type url for LeaseAnswer
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace LeaseAnswer {

            /** Properties of a LeaseAnswer. */
            interface $Properties {

                /** LeaseAnswer lease */
                lease?: (Uint8Array|null);

                /** LeaseAnswer errorCode */
                errorCode?: (string|null);

                /** LeaseAnswer errorMessage */
                errorMessage?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a LeaseAnswer. */
            type $Shape = aioscomm.v1.LeaseAnswer.$Properties;
        }

        /**
         * Properties of a CardsRequest.
         * @deprecated Use aioscomm.v1.CardsRequest.$Properties instead.
         */
        interface ICardsRequest extends aioscomm.v1.CardsRequest.$Properties {
        }

        /** Represents a CardsRequest. */
        class CardsRequest {

            /**
             * Constructs a new CardsRequest.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.CardsRequest.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** CardsRequest skill. */
            skill: string;

            /**
             * Encodes the specified CardsRequest message. Does not implicitly {@link aioscomm.v1.CardsRequest.verify|verify} messages.
             * @param message CardsRequest message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.CardsRequest.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a CardsRequest message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.CardsRequest & aioscomm.v1.CardsRequest.$Shape} CardsRequest
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.CardsRequest & aioscomm.v1.CardsRequest.$Shape;

            /**
             * Gets the type url for CardsRequest
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace CardsRequest {

            /** Properties of a CardsRequest. */
            interface $Properties {

                /** CardsRequest skill */
                skill?: (string|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a CardsRequest. */
            type $Shape = aioscomm.v1.CardsRequest.$Properties;
        }

        /**
         * Properties of a CardsAnswer.
         * @deprecated Use aioscomm.v1.CardsAnswer.$Properties instead.
         */
        interface ICardsAnswer extends aioscomm.v1.CardsAnswer.$Properties {
        }

        /** Represents a CardsAnswer. */
        class CardsAnswer {

            /**
             * Constructs a new CardsAnswer.
             * @param [properties] Properties to set
             */
            constructor(properties?: aioscomm.v1.CardsAnswer.$Properties);

            /** Unknown fields preserved while decoding when enabled */
            $unknowns?: Uint8Array[];

            /** CardsAnswer cards. */
            cards: Uint8Array[];

            /**
             * Encodes the specified CardsAnswer message. Does not implicitly {@link aioscomm.v1.CardsAnswer.verify|verify} messages.
             * @param message CardsAnswer message or plain object to encode
             * @param [writer] Writer to encode to
             * @returns Writer
             */
            static encode(message: aioscomm.v1.CardsAnswer.$Properties, writer?: $protobuf.Writer): $protobuf.Writer;

            /**
             * Decodes a CardsAnswer message from the specified reader or buffer.
             * @param reader Reader or buffer to decode from
             * @param [length] Message length if known beforehand
             * @returns {aioscomm.v1.CardsAnswer & aioscomm.v1.CardsAnswer.$Shape} CardsAnswer
             * @throws {Error} If the payload is not a reader or valid buffer
             * @throws {$protobuf.util.ProtocolError} If required fields are missing
             */
            static decode(reader: ($protobuf.Reader|Uint8Array), length?: number): aioscomm.v1.CardsAnswer & aioscomm.v1.CardsAnswer.$Shape;

            /**
             * Gets the type url for CardsAnswer
             * @param [prefix] Custom type url prefix, defaults to `"type.googleapis.com"`
             * @returns The type url
             */
            static getTypeUrl(prefix?: string): string;
        }

        namespace CardsAnswer {

            /** Properties of a CardsAnswer. */
            interface $Properties {

                /** CardsAnswer cards */
                cards?: (Uint8Array[]|null);

                /** Unknown fields preserved while decoding when enabled */
                $unknowns?: Uint8Array[];
            }

            /** Shape of a CardsAnswer. */
            type $Shape = aioscomm.v1.CardsAnswer.$Properties;
        }
    }
}
